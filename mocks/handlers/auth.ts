import {
  activateRequestSchema,
  activateResponseSchema,
  apiPaths,
  forgotPasswordRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  signInRequestSchema,
  signInAnswerSchema,
  verifyOtpRequestSchema,
  verifyOtpResponseSchema,
  DEFAULT_PREFERENCES,
} from '@contract';
import { ACCOUNT_TYPE_ID, userTypeByKey } from '@fixtures';
import {
  activationLink,
  activationMail,
  CODES_ENDED_BY_NEW_PASSWORD,
  decideActivation,
  decideActivationPassword,
  decideActivationTarget,
  decideOneTimeCode,
  decideRegistration,
  decideResetToken,
  decideSignIn,
  LINK_PURPOSES,
  mayResetPassword,
  orThrow,
  passwordResetCodeMail,
  REGISTERED_ACCOUNT_TYPE,
  REGISTERED_USER_TYPE,
  registrationAttemptMail,
} from '@domain';
import { endAccountCodes, findAccountCode, issueAccountCode, markCodeUsed, newestUnusedCode } from '../account-codes';
import { accountByEmail, mockDb, updateMockDb } from '../db';
import { noContent, readBody, respond, route } from '../http';
import { appUrl, send } from '../mail';
import { createSession, endSessions, presentUser, requireSession, revokeSession } from '../session';
import { dropPendingSecret, secondFactorStepOf } from '../second-factors';
import { throttle } from '../throttle';

// Sign-in and out, registration and activation, and the forgotten password (docs/account-rules.md).
export const authHandlers = [
  route('post', apiPaths.signIn, async ({ request }) => {
    const { email, password } = await readBody(request, signInRequestSchema);
    const failures = throttle('password', email, request);
    await failures.check();
    const account = accountByEmail(mockDb(), email) ?? null;
    const decision = decideSignIn(account, account?.password === password);
    if (decision.counts) updateMockDb((db) => failures.hit(db));
    orThrow(decision);
    const step = secondFactorStepOf(mockDb(), account!);
    if (step !== 'none') {
      const challenge = updateMockDb((db) => issueAccountCode(db, account!.id, 'secondFactorChallenge'));
      return respond(signInAnswerSchema, {
        data: { secondFactor: { challenge: challenge.code, expiresAt: challenge.expiresAt, enrol: step === 'enrol' } },
      });
    }
    const { token, expiresAt } = createSession(account!.id, request);
    return respond(signInAnswerSchema, { data: { token, expiresAt, user: presentUser(mockDb(), account!) } });
  }),

  route('post', apiPaths.signOut, ({ request }) => {
    revokeSession(requireSession(request).token);
    return noContent();
  }),

  route('post', apiPaths.register, async ({ request }) => {
    const { email, password, fullName, phone } = await readBody(request, registerRequestSchema);
    const requests = throttle('register', email, request);
    await requests.check();
    updateMockDb((db) => {
      requests.hit(db);
      const existing = accountByEmail(db, email) ?? null;
      const plan = decideRegistration(existing, existing && newestUnusedCode(db, existing.id, 'invitation'), Date.now());
      if (plan.kind === 'create') {
        const persona = {
          id: Math.max(0, ...db.catalogues.personas.map((p) => p.id)) + 1,
          fullName,
          phone: phone ?? null,
          staffNo: null,
          positionId: null,
          zoneId: null,
          organizationId: null,
          accountTypeId: ACCOUNT_TYPE_ID[REGISTERED_ACCOUNT_TYPE],
          active: true,
        };
        db.catalogues.personas.push(persona);
        const account = {
          id: Math.max(0, ...db.accounts.map((a) => a.id)) + 1,
          email,
          password,
          image: null,
          preferences: { ...DEFAULT_PREFERENCES },
          status: 'pending' as const,
          userTypeId: userTypeByKey[REGISTERED_USER_TYPE].id,
          personaId: persona.id,
          invitedAt: null,
          createdAt: new Date().toISOString(),
        };
        db.accounts.push(account);
        send(db, activationMail(email, fullName, activationLink(appUrl(), issueAccountCode(db, account.id, 'activation').code)));
        return;
      }
      const code = plan.link && issueAccountCode(db, existing!.id, plan.link.purpose, { expiresAt: plan.link.expiresAt, endsOlder: false });
      send(
        db,
        registrationAttemptMail(
          existing!.email,
          plan.about,
          appUrl(),
          code && { url: activationLink(appUrl(), code.code), expiresAt: plan.link!.expiresAt },
        ),
      );
    });
    return noContent(202);
  }),

  route('post', apiPaths.activate, async ({ request }) => {
    const { code, password } = await readBody(request, activateRequestSchema);
    return updateMockDb((db) => {
      const link = findAccountCode(db, LINK_PURPOSES, code);
      orThrow(decideActivation(link, Date.now()));
      const account = db.accounts.find((candidate) => candidate.id === link!.accountId)!;
      orThrow(decideActivationPassword(link!.purpose, password, account.email));
      orThrow(decideActivationTarget(account));
      markCodeUsed(link!);
      Object.assign(account, { status: 'active' }, password === undefined ? {} : { password });
      return respond(activateResponseSchema, { data: { email: account.email } });
    });
  }),

  route('post', apiPaths.forgotPassword, async ({ request }) => {
    const { email } = await readBody(request, forgotPasswordRequestSchema);
    const requests = throttle('codeRequest', email, request);
    await requests.check();
    updateMockDb((db) => {
      requests.hit(db);
      // The same answer for every e-mail, so the form cannot tell who has an account.
      const account = accountByEmail(db, email);
      if (!mayResetPassword(account)) return;
      send(db, passwordResetCodeMail(account.email, issueAccountCode(db, account.id, 'passwordResetCode').code));
    });
    return noContent(202);
  }),

  route('post', apiPaths.verifyOtp, async ({ request }) => {
    const { email, code } = await readBody(request, verifyOtpRequestSchema);
    const failures = throttle('resetCode', email, request);
    await failures.check();
    return updateMockDb((db) => {
      const account = accountByEmail(db, email);
      const current = mayResetPassword(account) ? newestUnusedCode(db, account.id, 'passwordResetCode') : null;
      const decision = decideOneTimeCode(current, current?.code === code, Date.now());
      if (decision.spendsTry) current!.attempts += 1;
      if (decision.counts) failures.hit(db);
      orThrow(decision);
      markCodeUsed(current!);
      const reset = issueAccountCode(db, account!.id, 'resetToken');
      return respond(verifyOtpResponseSchema, { data: { resetToken: reset.code, expiresAt: reset.expiresAt } });
    });
  }),

  route('post', apiPaths.resetPassword, async ({ request }) => {
    const { resetToken, password } = await readBody(request, resetPasswordRequestSchema);
    updateMockDb((db) => {
      const reset = findAccountCode(db, ['resetToken'], resetToken);
      orThrow(decideResetToken(reset, Date.now()));
      markCodeUsed(reset!);
      endAccountCodes(db, reset!.accountId, CODES_ENDED_BY_NEW_PASSWORD);
      dropPendingSecret(db, reset!.accountId);
      db.accounts.find((candidate) => candidate.id === reset!.accountId)!.password = password;
      endSessions(db, reset!.accountId);
    });
    return noContent();
  }),
];
