import { randomInt } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problems } from '../../domain/problems';
import { z } from 'zod';
import {
  ACTIVATION_TTL_HOURS,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MINUTES,
  RESET_TOKEN_TTL_MINUTES,
  problemTypes,
} from '../../contract/account-rules';
import {
  activateRequestSchema,
  activateResponseSchema,
  forgotPasswordRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
  signInRequestSchema,
  signInResponseSchema,
  verifyOtpRequestSchema,
  verifyOtpResponseSchema,
} from '../../contract/auth';
import { apiPaths } from '../../contract/paths';
import type { Db } from '../db/client';
import { typedProblem } from '../http/problem';
import { callerOf } from '../plugins/auth';
import { countAttempt, endCodes, findCodeByHash, insertCode, latestUnusedCode, useCode } from '../repositories/account-codes';
import { createSession, revokeAllSessions, revokeSession } from '../repositories/sessions';
import {
  findAccountByEmail,
  findUserByEmail,
  insertPendingUser,
  replacePendingUser,
  activatePendingUser,
  setPasswordHash,
  registrationTypes,
} from '../repositories/users';
import type { Mailer } from '../services/mailer';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../services/passwords';
import { throttle } from '../services/throttle';
import { newToken, safeEqual, sha256 } from '../services/tokens';

interface AuthRoutesOptions {
  db: Db;
  sessionTtlMs: number;
  imageUrl: (fileId: string) => string;
  mailer: Mailer;
  /** Where the SPA is, for the links in mails. */
  appUrl: string;
}

/** Limits per 15-minute window (docs/account-rules.md). */
const LIMITS = {
  signIn: { account: 5, address: 50 },
  codeRequest: { account: 5, address: 20 },
  codeTry: { account: 10, address: 30 },
};
const MINUTE = 60_000;
/** Self-registered accounts get this user type: no privileges until an administrator says so. */
const REGISTERED_USER_TYPE = 'member';
const REGISTERED_ACCOUNT_TYPE = 'authority';

const noContent = { 204: z.null() };
const rulesFor = (name: keyof typeof LIMITS, email: string, address: string) => [
  { key: `${name}:account:${email.toLowerCase()}`, limit: LIMITS[name].account },
  { key: `${name}:address:${address}`, limit: LIMITS[name].address },
];

/** A one-time code is kept as `salt$sha256(salt + code)`: six digits are never stored as such. */
function hashOtp(code: string, salt = newToken().slice(0, 16)) {
  return `${salt}$${sha256(salt + code)}`;
}
function otpMatches(stored: string, code: string) {
  const [salt] = stored.split('$');
  return safeEqual(stored, hashOtp(code, salt));
}

const codeExpired = () =>
  typedProblem(400, problemTypes.codeExpired, 'Code expired', 'This code can no longer be used. Ask for a new code.');

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, sessionTtlMs, imageUrl, mailer, appUrl }) => {
  app.post(`/${apiPaths.signIn}`, {
    config: { problems: [problems.invalidCredentials, problems.accountPending, problems.throttled] },
    schema: {
      summary: 'Sign in with e-mail and password (5 failures per account, 50 per address, in 15 minutes)',
      body: signInRequestSchema,
      response: { 200: signInResponseSchema },
    },
  }, async (request) => {
    const { email, password } = request.body;
    const limiter = throttle(db, rulesFor('signIn', email, request.ip));
    await limiter.check();
    const account = await findAccountByEmail(db, email, imageUrl);
    // Unknown e-mails cost the same hash check as known ones.
    const passwordOk = await verifyPassword(account?.passwordHash ?? DUMMY_HASH, password);
    if (!account || !passwordOk) {
      await limiter.hit();
      throw typedProblem(401, problemTypes.invalidCredentials, 'Invalid e-mail or password', 'Check the e-mail address and password.');
    }
    if (account.user.status === 'pending') {
      throw typedProblem(403, problemTypes.accountPending, 'Account not activated', 'Open the activation link sent to your e-mail first.');
    }
    if (account.user.status === 'disabled') {
      throw typedProblem(403, problemTypes.accountDisabled, 'Account disabled', 'Ask an administrator to enable your account.');
    }
    const token = newToken();
    const expiresAt = new Date(Date.now() + sessionTtlMs);
    await createSession(db, account.user.id, sha256(token), expiresAt);
    return { data: { token, expiresAt: expiresAt.toISOString(), user: account.user } };
  });

  app.post(`/${apiPaths.signOut}`, {
    onRequest: app.requireCaller,
    schema: { summary: 'Sign out: the token is refused from then on', security: [{ bearer: [] }], response: noContent },
  }, async (request, reply) => {
    await revokeSession(db, callerOf(request).sessionId);
    return reply.code(204).send(null);
  });

  app.post(`/${apiPaths.register}`, {
    config: { problems: [problems.emailTaken] },
    schema: {
      summary: 'Register: a pending account and an activation link by e-mail (24 h, single use)',
      body: registerRequestSchema,
      response: { 201: registerResponseSchema },
    },
  }, async (request, reply) => {
    const { email, password, fullName, phone = null } = request.body;
    const passwordHash = await hashPassword(password);
    const code = newToken();
    const mailId = await db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email);
      let userId: number;
      if (existing && existing.status !== 'pending') {
        throw typedProblem(409, problemTypes.emailTaken, 'E-mail already registered', 'An account with this e-mail exists. Sign in, or reset its password.', {
          errors: { email: ['An account with this e-mail exists.'] },
        });
      } else if (existing) {
        userId = existing.id;
        await replacePendingUser(tx, userId, existing.personaId, { passwordHash, fullName, phone });
        await endCodes(tx, userId, ['activation']);
      } else {
        const { userTypeId, accountTypeId } = await registrationTypes(tx, REGISTERED_USER_TYPE, REGISTERED_ACCOUNT_TYPE);
        userId = await insertPendingUser(tx, { email, passwordHash, fullName, phone, userTypeId, accountTypeId });
      }
      await insertCode(tx, { userId, purpose: 'activation', codeHash: sha256(code), expiresAt: new Date(Date.now() + ACTIVATION_TTL_HOURS * 60 * MINUTE) });
      return mailer.enqueue(tx, {
        to: email,
        subject: 'Activate your Complaint Desk account',
        text: [
          `Hello ${fullName},`,
          '',
          'Open this link to activate your Complaint Desk account:',
          `${appUrl}/account/activation/${code}`,
          '',
          `The link works once, within ${ACTIVATION_TTL_HOURS} hours. If you did not register, ignore this message.`,
        ].join('\n'),
      });
    });
    await mailer.deliver(mailId);
    return reply.code(201).send({ data: { email, status: 'pending' as const } });
  });

  app.post(`/${apiPaths.activate}`, {
    config: { problems: [problems.linkInvalid, problems.linkUsed] },
    schema: { summary: 'Activate an account with the code of its activation link', body: activateRequestSchema, response: { 200: activateResponseSchema } },
  }, async (request) => {
    return db.transaction(async (tx) => {
      const code = await findCodeByHash(tx, 'activation', sha256(request.body.code));
      if (!code) throw typedProblem(404, problemTypes.linkInvalid, 'Activation link not valid', 'Check that the whole link was opened.');
      if (code.usedAt) throw typedProblem(410, problemTypes.linkUsed, 'Activation link already used', 'This link has been used. Sign in, or register again for a new link.');
      if (code.expiresAt.getTime() <= Date.now()) {
        throw typedProblem(410, problemTypes.linkExpired, 'Activation link expired', `Links work for ${ACTIVATION_TTL_HOURS} hours. Register again with the same e-mail for a new link.`);
      }
      if (!(await useCode(tx, code.id))) throw typedProblem(410, problemTypes.linkUsed, 'Activation link already used', 'This link has been used.');
      // The account must still be pending: an administrator may have disabled it meanwhile.
      const activatedEmail = await activatePendingUser(tx, code.userId);
      if (!activatedEmail) throw typedProblem(410, problemTypes.linkUsed, 'Activation link already used', 'This account is not waiting for activation.');
      return { data: { email: activatedEmail } };
    });
  });

  app.post(`/${apiPaths.forgotPassword}`, {
    config: { problems: [problems.throttled] },
    schema: {
      summary: 'Send a 6-digit code (10 minutes, 5 tries) to an active account; 202 whether or not it exists',
      body: forgotPasswordRequestSchema,
      response: { 202: z.undefined().describe('No body') },
    },
  }, async (request, reply) => {
    const { email } = request.body;
    const limiter = throttle(db, rulesFor('codeRequest', email, request.ip));
    await limiter.check();
    await limiter.hit();
    const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
    const mailId = await db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (!user || user.status !== 'active') return null;
      await endCodes(tx, user.id, ['password-reset-otp']);
      await insertCode(tx, { userId: user.id, purpose: 'password-reset-otp', codeHash: hashOtp(code), expiresAt: new Date(Date.now() + OTP_TTL_MINUTES * MINUTE) });
      return mailer.enqueue(tx, {
        to: user.email,
        subject: 'Your Complaint Desk password reset code',
        text: [
          'Someone asked to reset the password of your Complaint Desk account.',
          '',
          `Your code: ${code}`,
          '',
          `It works once, within ${OTP_TTL_MINUTES} minutes. If it was not you, ignore this message; your password stays as it is.`,
        ].join('\n'),
      });
    });
    if (mailId !== null) await mailer.deliver(mailId);
    return reply.code(202).send();
  });

  app.post(`/${apiPaths.verifyOtp}`, {
    config: { problems: [problems.codeInvalid, problems.throttled] },
    schema: { summary: 'Trade the e-mailed code for a reset token (15 minutes, single use)', body: verifyOtpRequestSchema, response: { 200: verifyOtpResponseSchema } },
  }, async (request) => {
    const { email, code } = request.body;
    const limiter = throttle(db, rulesFor('codeTry', email, request.ip));
    await limiter.check();
    const outcome = await db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email);
      const otp = user?.status === 'active' ? await latestUnusedCode(tx, user.id, 'password-reset-otp') : null;
      if (!user || !otp || otp.expiresAt.getTime() <= Date.now() || otp.attempts >= OTP_MAX_ATTEMPTS) return { ok: false as const, attemptsLeft: null };
      if (!otpMatches(otp.codeHash, code)) {
        const attempts = await countAttempt(tx, otp.id);
        return { ok: false as const, attemptsLeft: Math.max(0, OTP_MAX_ATTEMPTS - attempts) };
      }
      await useCode(tx, otp.id);
      const resetToken = newToken();
      const expiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * MINUTE);
      await endCodes(tx, user.id, ['password-reset-token']);
      await insertCode(tx, { userId: user.id, purpose: 'password-reset-token', codeHash: sha256(resetToken), expiresAt });
      return { ok: true as const, resetToken, expiresAt };
    });
    if (!outcome.ok) {
      await limiter.hit();
      if (outcome.attemptsLeft === null) throw codeExpired();
      throw typedProblem(400, problemTypes.codeInvalid, 'Wrong code', outcome.attemptsLeft > 0 ? `The code is not right. ${outcome.attemptsLeft} tries left.` : 'The code is not right, and it has no tries left. Ask for a new code.', {
        errors: { code: ['The code is not right.'] },
        extensions: { attemptsLeft: outcome.attemptsLeft },
      });
    }
    return { data: { resetToken: outcome.resetToken, expiresAt: outcome.expiresAt.toISOString() } };
  });

  app.post(`/${apiPaths.resetPassword}`, {
    config: { problems: [problems.resetTokenInvalid] },
    schema: { summary: 'Set a new password with a reset token; every session of the account ends', body: resetPasswordRequestSchema, response: noContent },
  }, async (request, reply) => {
    const passwordHash = await hashPassword(request.body.password);
    await db.transaction(async (tx) => {
      const token = await findCodeByHash(tx, 'password-reset-token', sha256(request.body.resetToken));
      if (!token || token.usedAt || token.expiresAt.getTime() <= Date.now() || !(await useCode(tx, token.id))) {
        throw typedProblem(400, problemTypes.resetTokenInvalid, 'Reset no longer valid', 'Ask for a new code to reset your password.');
      }
      await setPasswordHash(tx, token.userId, passwordHash);
      await endCodes(tx, token.userId, ['password-reset-otp', 'password-reset-token']);
      await revokeAllSessions(tx, token.userId);
    });
    return reply.code(204).send(null);
  });
};
