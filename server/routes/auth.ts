import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signInRequestSchema, signInResponseSchema } from '../../contract/auth';
import { apiPaths } from '../../contract/paths';
import type { Db } from '../db/client';
import { Problem } from '../http/problem';
import { callerOf } from '../plugins/auth';
import { createSession, revokeSession } from '../repositories/sessions';
import { findAccountByEmail } from '../repositories/users';
import { DUMMY_HASH, verifyPassword } from '../services/passwords';
import { newToken, sha256 } from '../services/tokens';

interface AuthRoutesOptions {
  db: Db;
  sessionTtlMs: number;
  imageUrl: (fileId: string) => string;
}

const INVALID = new Problem(401, 'Invalid e-mail or password', 'Check the e-mail address and password.');

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, sessionTtlMs, imageUrl }) => {
  app.post(`/${apiPaths.signIn}`, {
    schema: { summary: 'Sign in with e-mail and password', body: signInRequestSchema, response: { 200: signInResponseSchema } },
  }, async (request) => {
    const { email, password } = request.body;
    const account = await findAccountByEmail(db, email, imageUrl);
    // Unknown e-mails cost the same hash check as known ones.
    const passwordOk = await verifyPassword(account?.passwordHash ?? DUMMY_HASH, password);
    if (!account || !passwordOk) throw INVALID;
    if (account.user.status === 'pending') throw new Problem(403, 'Account not activated', 'Open the activation link sent to your e-mail first.');
    if (account.user.status === 'disabled') throw new Problem(403, 'Account disabled', 'Ask an administrator to enable your account.');

    const token = newToken();
    const expiresAt = new Date(Date.now() + sessionTtlMs);
    await createSession(db, account.user.id, sha256(token), expiresAt);
    return { data: { token, expiresAt: expiresAt.toISOString(), user: account.user } };
  });

  app.post(`/${apiPaths.signOut}`, {
    onRequest: app.requireCaller,
    schema: { summary: 'Sign out: the token is refused from then on', security: [{ bearer: [] }], response: { 204: z.null() } },
  }, async (request, reply) => {
    await revokeSession(db, callerOf(request).sessionId);
    return reply.code(204).send(null);
  });
};
