import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { signInRequestSchema } from '../../../contract/auth';
import { apiPaths } from '../../../contract/paths';
import { signInAnswerSchema } from '../../../contract/two-factor';
import { codeExpiresAt, decideSignIn } from '../../../domain/accounts';
import { guards } from '../../../domain/access';
import { orThrow, problems } from '../../../domain/problems';
import { USER_AGENT_MAX } from '../../../domain/sessions';
import { secondFactorStepAtSignIn } from '../../../domain/two-factor';
import type { DbOrTx } from '../../db/client';
import { callerOf } from '../../plugins/auth';
import { insertCode } from '../../repositories/account-codes';
import { isAllowed } from '../../repositories/privileges';
import { findSecondFactor } from '../../repositories/second-factors';
import { createSession, revokeSession } from '../../repositories/sessions';
import { findAccountByEmail } from '../../repositories/users';
import { DUMMY_HASH, verifyPassword } from '../../services/passwords';
import { throttle } from '../../services/throttle';
import { newToken, sha256 } from '../../services/tokens';
import type { AuthRoutesOptions } from './options';

/**
 * A new session of the user, from the browser and address of this request: its bearer token and
 * end. `secondFactor`: it opens after a second factor was answered (else the password alone).
 */
export async function openSession(db: DbOrTx, request: FastifyRequest, userId: number, ttlMs: number, { secondFactor = false } = {}) {
  const token = newToken();
  const now = Date.now();
  const expiresAt = new Date(now + ttlMs);
  const userAgent = request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null;
  const secondFactorAt = secondFactor ? new Date(now) : null;
  await createSession(db, { userId, tokenHash: sha256(token), expiresAt, userAgent, address: request.ip, secondFactorAt });
  return { token, expiresAt: expiresAt.toISOString() };
}

/** Whether this user signs in with a second factor, and whether they must enrol one first. */
export async function secondFactorStepOf(db: DbOrTx, userId: number, userTypeId: number) {
  const factor = await findSecondFactor(db, userId);
  const required = await isAllowed(db, userTypeId, guards.matrixUpdate);
  return { step: secondFactorStepAtSignIn(!!factor?.secret, required), factor, required };
}

/** Sign in for a bearer token (or, with a second factor, a challenge first); sign out to end it. */
export const sessionRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, sessionTtlMs, imageUrl }) => {
  app.post(
    `/${apiPaths.signIn}`,
    {
      config: { problems: [problems.invalidCredentials, problems.accountPending, problems.accountDisabled, problems.throttled] },
      schema: {
        operationId: 'signIn',
        summary: 'Sign in',
        description:
          'Sign in with e-mail and password (wrong ones: 5 per account and address, 50 per address, in 15 minutes, then 429; past 100 per account in an hour, each try waits a second); with a second factor, a challenge to answer first',
        body: signInRequestSchema,
        response: { 200: signInAnswerSchema },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const failures = throttle(db, 'password', email, request.ip);
      await failures.check();
      const account = await findAccountByEmail(db, email, imageUrl);
      // Unknown e-mails cost the same hash check as known ones.
      const passwordOk = await verifyPassword(account?.passwordHash ?? DUMMY_HASH, password);
      const decision = decideSignIn(account && account.user, passwordOk);
      if (decision.counts) await failures.hit();
      orThrow(decision);
      const { user, userTypeId } = account!;
      const { step } = await secondFactorStepOf(db, user.id, userTypeId);
      if (step === 'none') return { data: { ...(await openSession(db, request, user.id, sessionTtlMs)), user } };
      const challenge = newToken();
      const expiresAt = codeExpiresAt('secondFactorChallenge', Date.now());
      await insertCode(db, { userId: user.id, purpose: 'secondFactorChallenge', codeHash: sha256(challenge), expiresAt });
      return { data: { secondFactor: { challenge, expiresAt: expiresAt.toISOString(), enrol: step === 'enrol' } } };
    },
  );

  app.post(
    `/${apiPaths.signOut}`,
    {
      onRequest: app.requireCaller,
      schema: {
        operationId: 'signOut',
        summary: 'Sign out',
        description: 'Sign out: the token is refused from then on',
        security: [{ bearer: [] }],
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await revokeSession(db, callerOf(request).sessionId);
      return reply.code(204).send(null);
    },
  );
};
