import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordRequestSchema, meResponseSchema, updateMeRequestSchema } from '../../contract/auth';
import { apiPaths } from '../../contract/paths';
import { CODES_ENDED_BY_NEW_PASSWORD } from '../../domain/accounts';
import { decideAvatar } from '../../domain/files';
import { orThrow, problems } from '../../domain/problems';
import type { Db } from '../db/client';
import { callerOf } from '../plugins/auth';
import { isOwnUpload } from '../repositories/files';
import { endCodes } from '../repositories/account-codes';
import { dropPendingSecret } from '../repositories/second-factors';
import { revokeOtherSessions } from '../repositories/sessions';
import { findAccountById, mergePreferences, setAvatar, setPasswordHash, updatePersona } from '../repositories/users';
import { hashPassword, verifyPassword } from '../services/passwords';

interface MeRoutesOptions {
  db: Db;
  imageUrl: (fileId: string) => string;
}

/** The signed-in user's own account: read it, change name, phone and avatar, change the password. */
export const meRoutes: FastifyPluginAsyncZod<MeRoutesOptions> = async (app, { db, imageUrl }) => {
  app.addHook('onRequest', app.requireCaller);
  const security = [{ bearer: [] }];

  app.get(
    `/${apiPaths.me}`,
    {
      schema: {
        operationId: 'getMe',
        summary: 'Read your profile',
        description: 'The signed-in user',
        security,
        response: { 200: meResponseSchema },
      },
    },
    async (request) => ({ data: callerOf(request).account.user }),
  );

  app.patch(
    `/${apiPaths.me}`,
    {
      config: { problems: [problems.avatarNotOwn] },
      schema: {
        operationId: 'updateMe',
        summary: 'Change your profile',
        description: 'Change your name, phone, avatar (an image you uploaded through POST /api/v1/files) or settings',
        security,
        body: updateMeRequestSchema,
        response: { 200: meResponseSchema },
      },
    },
    async (request) => {
      const { id } = callerOf(request).account.user;
      const { imageFileId, preferences, ...persona } = request.body;
      await db.transaction(async (tx) => {
        orThrow(decideAvatar(imageFileId, !!imageFileId && (await isOwnUpload(tx, imageFileId, id))));
        await updatePersona(tx, id, persona);
        if (imageFileId !== undefined) await setAvatar(tx, id, imageFileId);
        if (preferences) await mergePreferences(tx, id, preferences);
      });
      return { data: (await findAccountById(db, id, imageUrl))!.user };
    },
  );

  app.post(
    `/${apiPaths.mePassword}`,
    {
      config: { problems: [problems.wrongCurrentPassword] },
      schema: {
        operationId: 'changeMyPassword',
        summary: 'Change your password',
        description: 'Change your password (asks for the current one); other sessions end',
        security,
        body: changePasswordRequestSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { account, sessionId } = callerOf(request);
      if (!(await verifyPassword(account.passwordHash, request.body.currentPassword))) throw problems.wrongCurrentPassword();
      const passwordHash = await hashPassword(request.body.newPassword);
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, account.user.id, passwordHash);
        await endCodes(tx, account.user.id, CODES_ENDED_BY_NEW_PASSWORD);
        await dropPendingSecret(tx, account.user.id);
        await revokeOtherSessions(tx, account.user.id, sessionId);
      });
      return reply.code(204).send(null);
    },
  );
};
