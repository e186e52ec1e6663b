import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OTP_LENGTH } from '../../../contract/account-rules';
import {
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
  verifyOtpRequestSchema,
  verifyOtpResponseSchema,
} from '../../../contract/auth';
import { apiPaths } from '../../../contract/paths';
import {
  CODES_ENDED_BY_NEW_PASSWORD,
  codeExpiresAt,
  decideOneTimeCode,
  decideResetToken,
  mayResetPassword,
  passwordResetCodeMail,
} from '../../../domain/accounts';
import { orThrow, problems } from '../../../domain/problems';
import { countAttempt, endCodes, findCodeByHash, insertCode, latestUnusedCode, useCode } from '../../repositories/account-codes';
import { dropPendingSecret } from '../../repositories/second-factors';
import { revokeAllSessions } from '../../repositories/sessions';
import { findUserByEmail, setPasswordHash } from '../../repositories/users';
import { hashPassword } from '../../services/passwords';
import { throttle } from '../../services/throttle';
import { hashOneTimeCode, newDigits, newToken, oneTimeCodeMatches, sha256 } from '../../services/tokens';
import type { AuthRoutesOptions } from './options';

/** A forgotten password: a code by e-mail, traded for a reset token, traded for a new password. */
export const passwordResetRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, mailer }) => {
  app.post(
    `/${apiPaths.forgotPassword}`,
    {
      config: { problems: [problems.throttled] },
      schema: {
        operationId: 'forgotPassword',
        summary: 'Ask for a password reset code',
        description: 'Send a 6-digit code (10 minutes, 5 tries) to an active account; 202 whether or not it exists',
        body: forgotPasswordRequestSchema,
        response: { 202: z.undefined().describe('No body') },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const requests = throttle(db, 'codeRequest', email, request.ip);
      await requests.check();
      await requests.hit();
      const code = newDigits(OTP_LENGTH);
      const mailId = await db.transaction(async (tx) => {
        // The same answer for every e-mail, so the form cannot tell who has an account.
        const user = await findUserByEmail(tx, email);
        if (!mayResetPassword(user)) return null;
        await insertCode(tx, {
          userId: user.id,
          purpose: 'passwordResetCode',
          codeHash: hashOneTimeCode(code),
          expiresAt: codeExpiresAt('passwordResetCode', Date.now()),
        });
        return mailer.enqueue(tx, passwordResetCodeMail(user.email, code));
      });
      if (mailId !== null) await mailer.deliver(mailId);
      return reply.code(202).send();
    },
  );

  app.post(
    `/${apiPaths.verifyOtp}`,
    {
      config: { problems: [problems.codeExpired, problems.codeInvalid, problems.throttled] },
      schema: {
        operationId: 'verifyResetCode',
        summary: 'Trade a reset code for a reset token',
        description: 'Trade the e-mailed code for a reset token (15 minutes, single use)',
        body: verifyOtpRequestSchema,
        response: { 200: verifyOtpResponseSchema },
      },
    },
    async (request) => {
      const { email, code } = request.body;
      const failures = throttle(db, 'resetCode', email, request.ip);
      await failures.check();
      // The try is counted even when refused, so the decision leaves the transaction before it is thrown.
      const outcome = await db.transaction(async (tx) => {
        const user = await findUserByEmail(tx, email);
        const current = mayResetPassword(user) ? await latestUnusedCode(tx, user.id, 'passwordResetCode') : null;
        const decision = decideOneTimeCode(current, !!current && oneTimeCodeMatches(current.codeHash, code), Date.now());
        if (decision.spendsTry) await countAttempt(tx, current!.id);
        if (!decision.ok) return { decision };
        await useCode(tx, current!.id);
        const resetToken = newToken();
        const expiresAt = codeExpiresAt('resetToken', Date.now());
        await insertCode(tx, { userId: user!.id, purpose: 'resetToken', codeHash: sha256(resetToken), expiresAt });
        return { decision, resetToken, expiresAt };
      });
      if (outcome.decision.counts) await failures.hit();
      orThrow(outcome.decision);
      return { data: { resetToken: outcome.resetToken!, expiresAt: outcome.expiresAt!.toISOString() } };
    },
  );

  app.post(
    `/${apiPaths.resetPassword}`,
    {
      config: { problems: [problems.resetTokenInvalid] },
      schema: {
        operationId: 'resetPassword',
        summary: 'Set a new password with a reset token',
        description: 'Set a new password with a reset token; every session of the account ends',
        body: resetPasswordRequestSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const passwordHash = await hashPassword(request.body.password);
      await db.transaction(async (tx) => {
        const token = await findCodeByHash(tx, 'resetToken', sha256(request.body.resetToken));
        orThrow(decideResetToken(token, Date.now()));
        // Of two using the token at once, one resets.
        if (!(await useCode(tx, token!.id))) throw problems.resetTokenInvalid();
        await setPasswordHash(tx, token!.userId, passwordHash);
        await endCodes(tx, token!.userId, CODES_ENDED_BY_NEW_PASSWORD);
        await dropPendingSecret(tx, token!.userId);
        await revokeAllSessions(tx, token!.userId);
      });
      return reply.code(204).send(null);
    },
  );
};
