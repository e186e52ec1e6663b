import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signInRequestSchema, signInResponseSchema } from '../../../contract/auth';
import { apiPaths } from '../../../contract/paths';
import { decideSignIn } from '../../../domain/accounts';
import { orThrow, problems } from '../../../domain/problems';
import { USER_AGENT_MAX } from '../../../domain/sessions';
import { callerOf } from '../../plugins/auth';
import { createSession, revokeSession } from '../../repositories/sessions';
import { findAccountByEmail } from '../../repositories/users';
import { DUMMY_HASH, verifyPassword } from '../../services/passwords';
import { throttle } from '../../services/throttle';
import { newToken, sha256 } from '../../services/tokens';
import type { AuthRoutesOptions } from './options';

/** Sign in for a bearer token; sign out to end it. */
export const sessionRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, sessionTtlMs, imageUrl }) => {
  app.post(
    `/${apiPaths.signIn}`,
    {
      config: { problems: [problems.invalidCredentials, problems.accountPending, problems.accountDisabled, problems.throttled] },
      schema: {
        summary: 'Sign in with e-mail and password (5 failures per account, 50 per address, in 15 minutes)',
        body: signInRequestSchema,
        response: { 200: signInResponseSchema },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const failures = throttle(db, 'signIn', email, request.ip);
      await failures.check();
      const account = await findAccountByEmail(db, email, imageUrl);
      // Unknown e-mails cost the same hash check as known ones.
      const passwordOk = await verifyPassword(account?.passwordHash ?? DUMMY_HASH, password);
      const decision = decideSignIn(account && account.user, passwordOk);
      if (decision.counts) await failures.hit();
      orThrow(decision);
      const token = newToken();
      const expiresAt = new Date(Date.now() + sessionTtlMs);
      const userAgent = request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null;
      await createSession(db, { userId: account!.user.id, tokenHash: sha256(token), expiresAt, userAgent, address: request.ip });
      return { data: { token, expiresAt: expiresAt.toISOString(), user: account!.user } };
    },
  );

  app.post(
    `/${apiPaths.signOut}`,
    {
      onRequest: app.requireCaller,
      schema: { summary: 'Sign out: the token is refused from then on', security: [{ bearer: [] }], response: { 204: z.null() } },
    },
    async (request, reply) => {
      await revokeSession(db, callerOf(request).sessionId);
      return reply.code(204).send(null);
    },
  );
};
