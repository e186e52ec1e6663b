import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemTypes } from '../../contract/account-rules';
import { changePasswordRequestSchema, meResponseSchema, updateMeRequestSchema } from '../../contract/auth';
import { apiPaths } from '../../contract/paths';
import type { Db } from '../db/client';
import { files } from '../db/schema';
import { invalidField } from '../http/problem';
import { callerOf } from '../plugins/auth';
import { revokeOtherSessions } from '../repositories/sessions';
import { findAccountById, setAvatar, setPasswordHash, updatePersona } from '../repositories/users';
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
    schema: { summary: 'Change your name, phone or avatar (an image you uploaded through POST /api/v1/files)', security, body: updateMeRequestSchema, response: { 200: meResponseSchema } },
  }, async (request) => {
    const { id } = callerOf(request).account.user;
    const { imageFileId, ...persona } = request.body;
    if (imageFileId) {
      const [own] = await db.select({ id: files.id }).from(files).where(and(eq(files.id, imageFileId), eq(files.ownerId, id)));
      if (!own) throw invalidField('imageFileId', 'Upload the image first; it must be one you uploaded.');
    }
    await db.transaction(async (tx) => {
      await updatePersona(tx, id, persona);
      if (imageFileId !== undefined) await setAvatar(tx, id, imageFileId);
    });
    return { data: (await findAccountById(db, id, imageUrl))!.user };
  });

  app.post(`/${apiPaths.mePassword}`, {
    schema: { summary: 'Change your password (asks for the current one); other sessions end', security, body: changePasswordRequestSchema, response: { 204: z.null() } },
  }, async (request, reply) => {
    const { account, sessionId } = callerOf(request);
    if (!(await verifyPassword(account.passwordHash, request.body.currentPassword))) {
      throw invalidField('currentPassword', 'The current password is not right.', problemTypes.wrongCurrentPassword);
    }
    await db.transaction(async (tx) => {
      await setPasswordHash(tx, account.user.id, await hashPassword(request.body.newPassword));
      await revokeOtherSessions(tx, account.user.id, sessionId);
    });
    return reply.code(204).send(null);
  });
};
