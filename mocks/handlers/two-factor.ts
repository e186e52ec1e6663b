import {
  apiPaths,
  idParamsSchema,
  myTwoFactorResponseSchema,
  factorChangeRequestSchema,
  recoveryCodesResponseSchema,
  secondFactorRequestSchema,
  secondFactorSessionResponseSchema,
  sessionFactorRequestSchema,
  signInEnrolmentRequestSchema,
  totpConfirmRequestSchema,
  totpEnrolmentResponseSchema,
} from '@contract';
import {
  decideConfirmSecondFactor,
  decideFactorChange,
  decideSessionFactorAnswer,
  type CurrentFactorAnswer,
  decideEnrolmentAtSignIn,
  decideNewRecoveryCodes,
  decideOneTimeCode,
  decideProfileCode,
  decideSecondFactorAnswer,
  decideSecondFactorReset,
  decideSignIn,
  decideTurnOffSecondFactor,
  lastStepOfSecret,
  guards,
  normalizeRecoveryCode,
  orThrow,
  problems,
} from '@domain';
import { endAccountCodes, findAccountCode, markCodeUsed } from '../account-codes';
import { recordAudit } from '../audit';
import { mockDb, updateMockDb, type MockDbState } from '../db';
import { noContent, readBody, readParams, respond, route } from '../http';
import { confirmEnrolment, isSecondFactorRequired, newRecoveryCodes, secondFactorOf, startEnrolment } from '../second-factors';
import { createSession, endSessions, markSessionFactor, presentUser, requirePrivilege, requireSession, type Session } from '../session';
import { throttle } from '../throttle';

/** A sign-in challenge that can still be answered. */
const liveChallenge = (db: Readonly<MockDbState>, challenge: string) => {
  const found = findAccountCode(db, ['secondFactorChallenge'], challenge);
  return found?.usedAt ? null : found;
};

// Two-factor sign-in (docs/account-rules.md): enrolment and the challenge at sign-in, the profile's card, an administrator's reset.
export const twoFactorHandlers = [
  route('post', apiPaths.secondFactorEnrolment, async ({ request }) => {
    const { challenge } = await readBody(request, signInEnrolmentRequestSchema);
    return updateMockDb((db) => {
      const found = liveChallenge(db, challenge);
      orThrow(decideOneTimeCode(found, true, Date.now()));
      const account = db.accounts.find((a) => a.id === found!.accountId)!;
      orThrow(decideEnrolmentAtSignIn(Boolean(db.secondFactors[account.id]?.secret)));
      return respond(totpEnrolmentResponseSchema, { data: startEnrolment(db, account) });
    });
  }),

  route('post', apiPaths.secondFactor, async ({ request }) => {
    const body = await readBody(request, secondFactorRequestSchema);
    const known = findAccountCode(mockDb(), ['secondFactorChallenge'], body.challenge);
    const owner = known ? mockDb().accounts.find((a) => a.id === known.accountId) : undefined;
    const failures = throttle('secondFactorCode', owner?.email ?? `unknown-challenge:${body.challenge.slice(0, 16)}`, request);
    await failures.check();
    const answered = updateMockDb((db) => {
      const challenge = liveChallenge(db, body.challenge);
      const factor = challenge ? secondFactorOf(db, challenge.accountId) : null;
      const facts = {
        enabled: !!factor?.secret,
        secret: factor?.secret ?? factor?.pendingSecret ?? null,
        lastUsedStep: factor?.lastUsedStep ?? null,
      };
      const decision = decideSecondFactorAnswer(challenge, facts, body, (code) => !!factor?.recoveryCodes.includes(code), Date.now());
      if (decision.spendsTry) challenge!.attempts += 1;
      if (decision.counts) failures.hit(db);
      orThrow(decision);
      const account = db.accounts.find((a) => a.id === challenge!.accountId)!;
      // An administrator may have disabled the account since the password was checked.
      orThrow(decideSignIn(account, true));
      markCodeUsed(challenge!);
      let recoveryCodes: string[] | undefined;
      if (!facts.enabled) recoveryCodes = confirmEnrolment(db, account.id, decision.step!);
      else if ('recoveryCode' in body)
        factor!.recoveryCodes = factor!.recoveryCodes.filter((c) => c !== normalizeRecoveryCode(body.recoveryCode));
      else factor!.lastUsedStep = decision.step;
      return { account, recoveryCodes };
    });
    const { token, expiresAt } = createSession(answered.account.id, request, { secondFactor: true });
    const user = presentUser(mockDb(), answered.account);
    return respond(secondFactorSessionResponseSchema, {
      data: { token, expiresAt, user, ...(answered.recoveryCodes ? { recoveryCodes: answered.recoveryCodes } : {}) },
    });
  }),

  route('get', apiPaths.myTwoFactor, ({ request }) => {
    const { account } = requireSession(request);
    const db = mockDb();
    const factor = db.secondFactors[account.id];
    return respond(myTwoFactorResponseSchema, {
      data: {
        enabled: !!factor?.secret,
        required: isSecondFactorRequired(db, account),
        enabledAt: factor?.secret ? factor.enabledAt : null,
        recoveryCodesLeft: factor?.secret ? factor.recoveryCodes.length : 0,
      },
    });
  }),

  route('post', apiPaths.myTwoFactor, async ({ request }) => {
    const session = requireSession(request);
    const body = await readBody(request, factorChangeRequestSchema);
    await checkPassword(request, session.account.email, session.account.password === body.password);
    const failures = await codeThrottle(request, session);
    const enrolment = updateMockDb((db) => {
      answerCurrentFactor(db, session, body, decideFactorChange, failures);
      return startEnrolment(db, session.account);
    });
    return respond(totpEnrolmentResponseSchema, { data: enrolment });
  }),

  route('post', apiPaths.myTwoFactorVerify, async ({ request }) => {
    const session = requireSession(request);
    const body = await readBody(request, sessionFactorRequestSchema);
    const failures = await codeThrottle(request, session);
    updateMockDb((db) => answerCurrentFactor(db, session, body, decideSessionFactorAnswer, failures));
    return noContent();
  }),

  route('post', apiPaths.myTwoFactorConfirm, async ({ request }) => {
    const session = requireSession(request);
    const { account, sessionId } = session;
    const { code } = await readBody(request, totpConfirmRequestSchema);
    const failures = await codeThrottle(request, session);
    const recoveryCodes = updateMockDb((db) => {
      const factor = secondFactorOf(db, account.id);
      orThrow(decideConfirmSecondFactor(factor.pendingSecret));
      const decision = decideProfileCode(factor.pendingSecret, lastStepOfSecret('pending', factor.lastUsedStep), code, Date.now());
      if (!decision.ok) failures.hit(db);
      orThrow(decision);
      return confirmEnrolment(db, account.id, decision.step);
    });
    markSessionFactor(sessionId);
    return respond(recoveryCodesResponseSchema, { data: { recoveryCodes } });
  }),

  route('post', apiPaths.myRecoveryCodes, async ({ request }) => {
    const session = requireSession(request);
    const { account, sessionId } = session;
    const { code } = await readBody(request, totpConfirmRequestSchema);
    const failures = await codeThrottle(request, session);
    const recoveryCodes = updateMockDb((db) => {
      const factor = secondFactorOf(db, account.id);
      orThrow(decideNewRecoveryCodes(!!factor.secret));
      const decision = decideProfileCode(factor.secret, factor.lastUsedStep, code, Date.now());
      if (!decision.ok) failures.hit(db);
      orThrow(decision);
      return newRecoveryCodes(db, account.id, decision.step);
    });
    markSessionFactor(sessionId);
    return respond(recoveryCodesResponseSchema, { data: { recoveryCodes } });
  }),

  route('delete', apiPaths.myTwoFactor, async ({ request }) => {
    const session = requireSession(request);
    const body = await readBody(request, factorChangeRequestSchema);
    await checkPassword(request, session.account.email, session.account.password === body.password);
    orThrow(decideTurnOffSecondFactor(isSecondFactorRequired(mockDb(), session.account)));
    const failures = await codeThrottle(request, session);
    updateMockDb((db) => {
      answerCurrentFactor(db, session, body, decideFactorChange, failures);
      delete db.secondFactors[session.account.id];
    });
    return noContent();
  }),

  route('post', apiPaths.userTwoFactorReset(':id'), ({ request, params }) => {
    const caller = requirePrivilege(request, guards.userUpdate);
    const { id } = readParams(params, idParamsSchema);
    orThrow(decideSecondFactorReset(caller.account.id, id));
    updateMockDb((db) => {
      if (!db.accounts.some((a) => a.id === id)) throw problems.notFound('User');
      const had = !!db.secondFactors[id]?.secret;
      delete db.secondFactors[id];
      endAccountCodes(db, id, ['secondFactorChallenge']);
      endSessions(db, id);
      recordAudit(db, caller, {
        action: 'reset',
        entity: 'user',
        entityId: id,
        before: { secondFactor: had },
        after: { secondFactor: false },
      });
    });
    return noContent();
  }),
];

/** Wrong codes of the caller's second factor, from this request's address: checked (and waited) before the change. */
async function codeThrottle(request: Request, session: Session) {
  const failures = throttle('secondFactorCode', session.account.email, request);
  await failures.check();
  return failures;
}

/** The password again before a change; wrong ones count as wrong passwords at sign-in do. */
async function checkPassword(request: Request, email: string, right: boolean) {
  const failures = throttle('password', email, request);
  await failures.check();
  if (right) return;
  updateMockDb((db) => failures.hit(db));
  throw problems.wrongPassword();
}

/**
 * The factor in use agrees (a fresh code, or a recovery code it spends) as `decide` asks;
 * wrong answers count as wrong codes do. An answer given marks the session as having answered it.
 */
function answerCurrentFactor(
  db: MockDbState,
  session: Session,
  answer: CurrentFactorAnswer,
  decide: typeof decideFactorChange,
  failures: ReturnType<typeof throttle>,
) {
  const factor = secondFactorOf(db, session.account.id);
  const facts = { enabled: !!factor.secret, secret: factor.secret, lastUsedStep: factor.lastUsedStep };
  const decision = decide(facts, answer, (code) => factor.recoveryCodes.includes(code), Date.now());
  if (!decision.ok) {
    failures.hit(db);
    orThrow(decision);
  }
  if (decision.recovery) factor.recoveryCodes = factor.recoveryCodes.filter((c) => c !== normalizeRecoveryCode(answer.recoveryCode!));
  else if (decision.step !== null) factor.lastUsedStep = decision.step;
  if (decision.recovery || decision.step !== null) {
    const stored = db.sessions.find((s) => s.id === session.sessionId);
    if (stored) stored.secondFactorAt = new Date().toISOString();
  }
}
