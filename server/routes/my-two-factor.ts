import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../contract/paths';
import {
  factorChangeRequestSchema,
  myTwoFactorResponseSchema,
  recoveryCodesResponseSchema,
  sessionFactorRequestSchema,
  totpConfirmRequestSchema,
  totpEnrolmentResponseSchema,
} from '../../contract/two-factor';
import { guards } from '../../domain/access';
import { type Decision, orThrow, problems } from '../../domain/problems';
import {
  type CurrentFactorAnswer,
  decideConfirmSecondFactor,
  decideFactorChange,
  decideNewRecoveryCodes,
  decideProfileCode,
  decideSessionFactorAnswer,
  decideTurnOffSecondFactor,
  lastStepOfSecret,
  normalizeRecoveryCode,
} from '../../domain/two-factor';
import type { Db, DbOrTx } from '../db/client';
import { callerOf } from '../plugins/auth';
import { isAllowed } from '../repositories/privileges';
import {
  confirmPendingSecret,
  findSecondFactor,
  removeSecondFactor,
  replaceRecoveryCodes,
  savePendingSecret,
  type SecondFactorRow,
  spendRecoveryCode,
  recordUsedStep,
} from '../repositories/second-factors';
import { markSessionFactor } from '../repositories/sessions';
import { verifyPassword } from '../services/passwords';
import { openSecret } from '../services/second-factor-key';
import { throttle } from '../services/throttle';
import { sha256 } from '../services/tokens';
import { newRecoveryCodes, newTotpSecret } from './auth/second-factor';

/** What replacing or turning off a factor can answer: the password, then the factor's own agreement. */
const FACTOR_CHANGE_PROBLEMS = [
  problems.wrongPassword,
  problems.currentFactorNeeded,
  problems.totpCodeWrong,
  problems.recoveryCodeWrong,
  problems.throttled,
];

/** The signed-in user's second factor: see it, add one (or move it to a new phone), new recovery codes, turn it off. */
export const myTwoFactorRoutes: FastifyPluginAsyncZod<{ db: Db; secondFactorKey: Buffer }> = async (app, { db, secondFactorKey: key }) => {
  app.addHook('onRequest', app.requireCaller);
  const security = [{ bearer: [] }];

  /** The password again before a change; wrong ones count as failed sign-ins do. */
  const checkPassword = async (request: Parameters<typeof callerOf>[0], password: string) => {
    const { account } = callerOf(request);
    const failures = throttle(db, 'password', account.user.email, request.ip);
    await failures.check();
    if (await verifyPassword(account.passwordHash, password)) return;
    await failures.hit();
    throw problems.wrongPassword();
  };

  /** A code from the app, counted against the one-time code throttle when wrong; its step when right. */
  const checkCode = async (request: Parameters<typeof callerOf>[0], sealed: string | null, lastUsedStep: number | null, code: string) => {
    const { account } = callerOf(request);
    const failures = throttle(db, 'secondFactorCode', account.user.email, request.ip);
    await failures.check();
    const decision = decideProfileCode(sealed && openSecret(key, account.user.id, sealed), lastUsedStep, code, Date.now());
    if (!decision.ok) await failures.hit();
    return decision;
  };

  /**
   * The factor in use agrees as `decide` asks (a fresh code, or a recovery code it spends), in the
   * transaction `tx` that goes on to the change; wrong answers count as wrong codes do. An answer
   * given marks the session as having answered its second factor.
   */
  const answerCurrentFactor = async (
    tx: DbOrTx,
    request: Parameters<typeof callerOf>[0],
    answer: CurrentFactorAnswer,
    decide: typeof decideFactorChange,
  ) => {
    const { account, sessionId } = callerOf(request);
    const userId = account.user.id;
    const failures = throttle(db, 'secondFactorCode', account.user.email, request.ip);
    await failures.check();
    const factor = await findSecondFactor(tx, userId, { lock: true });
    const facts = {
      enabled: !!factor?.secret,
      secret: factor?.secret ? openSecret(key, userId, factor.secret) : null,
      lastUsedStep: factor?.lastUsedStep ?? null,
    };
    const recoveryHash = answer.recoveryCode ? sha256(normalizeRecoveryCode(answer.recoveryCode)) : '';
    const decision = decide(facts, answer, () => !!factor?.recoveryCodeHashes.includes(recoveryHash), Date.now());
    if (!decision.ok) {
      // Counted outside the transaction, which the refusal rolls back.
      await failures.hit();
      orThrow(decision);
    }
    // Of two spending one recovery code at once, one goes on.
    if (decision.recovery && !(await spendRecoveryCode(tx, userId, recoveryHash))) throw problems.recoveryCodeWrong();
    if (decision.step !== null) await recordUsedStep(tx, userId, decision.step);
    if (decision.recovery || decision.step !== null) await markSessionFactor(tx, sessionId);
  };

  /**
   * Ten new recovery codes, once a fresh code from the app checks against the secret `pick`
   * names (the pending one to confirm it, the one in use for new codes); `store` keeps them.
   */
  const recoveryCodesAfterCode = async (
    request: Parameters<typeof callerOf>[0],
    typed: string,
    pick: (factor: SecondFactorRow | null) => { allowed: Decision; sealed: string | null; lastUsedStep: number | null },
    store: (tx: DbOrTx, userId: number, step: number, hashes: string[]) => Promise<void>,
  ) => {
    const userId = callerOf(request).account.user.id;
    const fresh = newRecoveryCodes();
    const decision = await db.transaction(async (tx) => {
      const factor = await findSecondFactor(tx, userId, { lock: true });
      const { allowed, sealed, lastUsedStep } = pick(factor);
      orThrow(allowed);
      const code = await checkCode(request, sealed, lastUsedStep, typed);
      if (code.ok) {
        await store(tx, userId, code.step, fresh.hashes);
        await markSessionFactor(tx, callerOf(request).sessionId);
      }
      return code;
    });
    orThrow(decision);
    return { data: { recoveryCodes: fresh.codes } };
  };

  app.get(
    `/${apiPaths.myTwoFactor}`,
    {
      schema: {
        operationId: 'getMyTwoFactor',
        summary: 'Read your second factor',
        description: 'Your second factor: on or off, required by your user type, recovery codes left',
        security,
        response: { 200: myTwoFactorResponseSchema },
      },
    },
    async (request) => {
      const { account } = callerOf(request);
      const factor = await findSecondFactor(db, account.user.id);
      return {
        data: {
          enabled: !!factor?.secret,
          required: await isAllowed(db, account.userTypeId, guards.matrixUpdate),
          enabledAt: factor?.enabledAt?.toISOString() ?? null,
          recoveryCodesLeft: factor?.secret ? factor.recoveryCodeHashes.length : 0,
        },
      };
    },
  );

  app.post(
    `/${apiPaths.myTwoFactor}`,
    {
      config: { problems: FACTOR_CHANGE_PROBLEMS },
      schema: {
        operationId: 'startMyTwoFactor',
        summary: 'Start setting up a second factor',
        description:
          'A new secret for an authenticator app (the password again and, while a factor is on, a code of it or a recovery code); the factor in use stays until a code confirms the new one',
        security,
        body: factorChangeRequestSchema,
        response: { 200: totpEnrolmentResponseSchema },
      },
    },
    async (request) => {
      const { password, ...answer } = request.body;
      await checkPassword(request, password);
      const { user } = callerOf(request).account;
      const { sealed, enrolment } = newTotpSecret(key, user.id, user.email);
      await db.transaction(async (tx) => {
        await answerCurrentFactor(tx, request, answer, decideFactorChange);
        await savePendingSecret(tx, user.id, sealed);
      });
      return { data: enrolment };
    },
  );

  app.post(
    `/${apiPaths.myTwoFactorConfirm}`,
    {
      config: { problems: [problems.totpCodeWrong, problems.secondFactorNotStarted, problems.throttled] },
      schema: {
        operationId: 'confirmMyTwoFactor',
        summary: 'Confirm your new second factor',
        description: 'Confirm the new secret with a code from the app: it is on, with ten recovery codes shown once',
        security,
        body: totpConfirmRequestSchema,
        response: { 200: recoveryCodesResponseSchema },
      },
    },
    (request) =>
      recoveryCodesAfterCode(
        request,
        request.body.code,
        (factor) => ({
          allowed: decideConfirmSecondFactor(factor?.pendingSecret ?? null),
          sealed: factor?.pendingSecret ?? null,
          lastUsedStep: lastStepOfSecret('pending', factor?.lastUsedStep ?? null),
        }),
        (tx, userId, step, recoveryCodeHashes) => confirmPendingSecret(tx, userId, { step, recoveryCodeHashes }),
      ),
  );

  app.post(
    `/${apiPaths.myRecoveryCodes}`,
    {
      config: { problems: [problems.totpCodeWrong, problems.secondFactorOff, problems.throttled] },
      schema: {
        operationId: 'renewMyRecoveryCodes',
        summary: 'Make new recovery codes',
        description: 'Ten new recovery codes (a code from the app first); the old ones stop working',
        security,
        body: totpConfirmRequestSchema,
        response: { 200: recoveryCodesResponseSchema },
      },
    },
    (request) =>
      recoveryCodesAfterCode(
        request,
        request.body.code,
        (factor) => ({
          allowed: decideNewRecoveryCodes(!!factor?.secret),
          sealed: factor?.secret ?? null,
          lastUsedStep: lastStepOfSecret('inUse', factor?.lastUsedStep ?? null),
        }),
        (tx, userId, step, hashes) => replaceRecoveryCodes(tx, userId, hashes, step),
      ),
  );

  app.post(
    `/${apiPaths.myTwoFactorVerify}`,
    {
      config: { problems: [problems.totpCodeWrong, problems.recoveryCodeWrong, problems.secondFactorOff, problems.throttled] },
      schema: {
        operationId: 'verifyMyTwoFactor',
        summary: 'Answer your second factor in this session',
        description:
          'This session answers its second factor (a code from the app, or a recovery code), after a call answered secondFactorRequired; then try that call again',
        security,
        body: sessionFactorRequestSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await db.transaction((tx) => answerCurrentFactor(tx, request, request.body, decideSessionFactorAnswer));
      return reply.code(204).send(null);
    },
  );

  app.delete(
    `/${apiPaths.myTwoFactor}`,
    {
      config: { problems: [...FACTOR_CHANGE_PROBLEMS, problems.secondFactorKept] },
      schema: {
        operationId: 'turnOffMyTwoFactor',
        summary: 'Turn your second factor off',
        description:
          'Turn two-factor sign-in off (the password again, and a code of it or a recovery code); not when your user type requires it',
        security,
        body: factorChangeRequestSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { account } = callerOf(request);
      const { password, ...answer } = request.body;
      await checkPassword(request, password);
      orThrow(decideTurnOffSecondFactor(await isAllowed(db, account.userTypeId, guards.matrixUpdate)));
      await db.transaction(async (tx) => {
        await answerCurrentFactor(tx, request, answer, decideFactorChange);
        await removeSecondFactor(tx, account.user.id);
      });
      return reply.code(204).send(null);
    },
  );
};
