import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contract/paths';
import {
  secondFactorRequestSchema,
  secondFactorSessionResponseSchema,
  signInEnrolmentRequestSchema,
  totpEnrolmentResponseSchema,
} from '../../../contract/two-factor';
import { decideOneTimeCode, decideSignIn } from '../../../domain/accounts';
import { orThrow, problems, refuse } from '../../../domain/problems';
import {
  TOTP_SECRET_BYTES,
  decideEnrolmentAtSignIn,
  decideSecondFactorAnswer,
  normalizeRecoveryCode,
  otpauthUrl,
  recoveryCodesFrom,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  totpSecretFrom,
} from '../../../domain/two-factor';
import { countAttempt, findCodeByHash, useCode } from '../../repositories/account-codes';
import {
  confirmPendingSecret,
  findSecondFactor,
  savePendingSecret,
  spendRecoveryCode,
  recordUsedStep,
} from '../../repositories/second-factors';
import { findAccountById, findUserById } from '../../repositories/users';
import { openSecret, sealSecret } from '../../services/second-factor-key';
import { throttle } from '../../services/throttle';
import { sha256 } from '../../services/tokens';
import type { AuthRoutesOptions } from './options';
import { openSession } from './sessions';

/** Ten new recovery codes as shown once, and the hashes kept of them. */
export function newRecoveryCodes() {
  const codes = recoveryCodesFrom(randomBytes(RECOVERY_CODE_COUNT * RECOVERY_CODE_LENGTH));
  return { codes, hashes: codes.map((code) => sha256(normalizeRecoveryCode(code))) };
}

/** A new TOTP secret for this user: as the app takes it, and sealed for the database. */
export function newTotpSecret(key: Buffer, userId: number, email: string) {
  const secret = totpSecretFrom(randomBytes(TOTP_SECRET_BYTES));
  return { sealed: sealSecret(key, userId, secret), enrolment: { secret, otpauthUrl: otpauthUrl(secret, email) } };
}

/** A challenge of a second factor that can still be answered (used ones are as good as gone). */
const liveChallenge = <C extends { usedAt: Date | null }>(challenge: C | null) => (challenge?.usedAt ? null : challenge);

/** The second step of sign-in: enrol when required, then answer the challenge with a code or a recovery code. */
export const secondFactorRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { db, sessionTtlMs, imageUrl, secondFactorKey: key },
) => {
  app.post(
    `/${apiPaths.secondFactorEnrolment}`,
    {
      config: { problems: [problems.codeExpired, problems.secondFactorOn] },
      schema: {
        operationId: 'enrolSecondFactorAtSignIn',
        summary: 'Set up a second factor at sign-in',
        description: 'At sign-in, a user who must have a second factor and has none gets a new secret to add to an app',
        body: signInEnrolmentRequestSchema,
        response: { 200: totpEnrolmentResponseSchema },
      },
    },
    async (request) => {
      const challenge = liveChallenge(await findCodeByHash(db, 'secondFactorChallenge', sha256(request.body.challenge)));
      orThrow(decideOneTimeCode(challenge, true, Date.now()));
      const { userId } = challenge!;
      orThrow(decideEnrolmentAtSignIn(Boolean((await findSecondFactor(db, userId))?.secret)));
      const user = await findUserById(db, userId);
      const { sealed, enrolment } = newTotpSecret(key, userId, user!.email);
      await savePendingSecret(db, userId, sealed);
      return { data: enrolment };
    },
  );

  app.post(
    `/${apiPaths.secondFactor}`,
    {
      config: { problems: [problems.codeExpired, problems.codeInvalid, problems.accountDisabled, problems.throttled] },
      schema: {
        operationId: 'answerSecondFactor',
        summary: 'Answer the second-factor challenge',
        description:
          'Answer the sign-in challenge with a code from the app (each code once) or a recovery code: 5 tries; wrong answers: 10 per account and address, 30 per address, in 15 minutes, then 429; past 100 per account in an hour, each try waits a second',
        body: secondFactorRequestSchema,
        response: { 200: secondFactorSessionResponseSchema },
      },
    },
    async (request) => {
      const { body } = request;
      const challengeHash = sha256(body.challenge);
      const known = await findCodeByHash(db, 'secondFactorChallenge', challengeHash);
      const owner = known ? await findUserById(db, known.userId) : null;
      // Counted against the account; a made-up challenge only against the address.
      const failures = throttle(db, 'secondFactorCode', owner?.email ?? `unknown-challenge:${challengeHash.slice(0, 16)}`, request.ip);
      await failures.check();
      const now = Date.now();
      const outcome = await db.transaction(async (tx) => {
        const challenge = liveChallenge(await findCodeByHash(tx, 'secondFactorChallenge', challengeHash, { lock: true }));
        const factor = challenge ? await findSecondFactor(tx, challenge.userId, { lock: true }) : null;
        const sealed = factor?.secret ?? factor?.pendingSecret ?? null;
        const facts = {
          enabled: !!factor?.secret,
          secret: sealed ? openSecret(key, challenge!.userId, sealed) : null,
          lastUsedStep: factor?.lastUsedStep ?? null,
        };
        const recoveryHash = 'recoveryCode' in body ? sha256(normalizeRecoveryCode(body.recoveryCode)) : '';
        const decision = decideSecondFactorAnswer(challenge, facts, body, () => !!factor?.recoveryCodeHashes.includes(recoveryHash), now);
        if (decision.spendsTry) await countAttempt(tx, challenge!.id);
        if (!decision.ok) return { decision };
        const userId = challenge!.userId;
        // An administrator may have disabled the account since the password was checked.
        const account = await findAccountById(tx, userId, imageUrl);
        const still = decideSignIn(account && account.user, true);
        if (!still.ok) return { decision: still };
        // Of two answering one challenge at once, one signs in.
        if (!(await useCode(tx, challenge!.id))) return { decision: { ...refuse(problems.codeExpired()), counts: false } };
        let recoveryCodes: string[] | undefined;
        if (!facts.enabled) {
          const fresh = newRecoveryCodes();
          await confirmPendingSecret(tx, userId, { step: decision.step!, recoveryCodeHashes: fresh.hashes });
          recoveryCodes = fresh.codes;
        } else if ('recoveryCode' in body) {
          if (!(await spendRecoveryCode(tx, userId, recoveryHash)))
            return { decision: { ...refuse(problems.codeExpired()), counts: false } };
        } else await recordUsedStep(tx, userId, decision.step!);
        const session = await openSession(tx, request, userId, sessionTtlMs, { secondFactor: true });
        return { decision, data: { ...session, user: account!.user, ...(recoveryCodes ? { recoveryCodes } : {}) } };
      });
      if (outcome.decision.counts) await failures.hit();
      orThrow(outcome.decision);
      return { data: outcome.data! };
    },
  );
};
