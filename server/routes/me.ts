import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordRequestSchema, meResponseSchema, updateMeRequestSchema } from '../../contract/auth';
import { apiPaths } from '../../contract/paths';
import type { Db } from '../db/client';
import { Problem } from '../http/problem';
import { callerOf } from '../plugins/auth';
import { revokeOtherSessions } from '../repositories/sessions';
import { findAccountById, setPasswordHash, updatePersona } from '../repositories/users';
import { hashPassword, verifyPassword } from '../services/passwords';

interface MeRoutesOptions {
  db: Db;
  imageUrl: (fileId: string) => string;
}

/** The signed-in user's own account: read it, change name and phone, change the password. */
export const meRoutes: FastifyPluginAsyncZod<MeRoutesOptions> = async (app, { db, imageUrl }) => {
  app.addHook('onRequest', app.requireCaller);
  const security = [{ bearer: [] }];

  app.get(`/${apiPaths.me}`, {
    schema: { summary: 'The signed-in user', security, response: { 200: meResponseSchema } },
  }, async (request) => ({ data: callerOf(request).account.user }));

  app.patch(`/${apiPaths.me}`, {
    schema: { summary: 'Change your name or phone', security, body: updateMeRequestSchema, response: { 200: meResponseSchema } },
  }, async (request) => {
    const { id } = callerOf(request).account.user;
    await updatePersona(db, id, request.body);
    return { data: (await findAccountById(db, id, imageUrl))!.user };
  });

  app.post(`/${apiPaths.mePassword}`, {
    schema: { summary: 'Change your password (asks for the current one); other sessions end', security, body: changePasswordRequestSchema, response: { 204: z.null() } },
  }, async (request, reply) => {
    const { account, sessionId } = callerOf(request);
    if (!(await verifyPassword(account.passwordHash, request.body.currentPassword))) {
      throw new Problem(400, 'Invalid request', 'The current password is not right.', { currentPassword: ['The current password is not right.'] });
    }
    await db.transaction(async (tx) => {
      await setPasswordHash(tx, account.user.id, await hashPassword(request.body.newPassword));
      await revokeOtherSessions(tx, account.user.id, sessionId);
    });
    return reply.code(204).send(null);
  });
};
