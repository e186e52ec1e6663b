import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mySessionParamsSchema, mySessionsResponseSchema } from '../../contract/auth';
import { apiPaths } from '../../contract/paths';
import { orThrow, problems } from '../../domain/problems';
import { decideEndSession, mySessionOrder, presentMySession } from '../../domain/sessions';
import type { Db } from '../db/client';
import { callerOf } from '../plugins/auth';
import { findSessionOwner, listLiveSessions, revokeOtherSessions, revokeSession } from '../repositories/sessions';

/** The signed-in user's live sessions: where each signed in from and was last seen; sign out any one, or every other. */
export const mySessionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.requireCaller);
  const security = [{ bearer: [] }];

  app.get(
    `/${apiPaths.mySessions}`,
    {
      schema: {
        operationId: 'listMySessions',
        summary: 'List your live sessions',
        description: 'Your live sessions: browser, address, signed in, last seen; the current one first',
        security,
        response: { 200: mySessionsResponseSchema },
      },
    },
    async (request) => {
      const { account, sessionId } = callerOf(request);
      const items = (await listLiveSessions(db, account.user.id)).map((row) => presentMySession(row, sessionId));
      return { data: { items: items.sort(mySessionOrder) } };
    },
  );

  app.delete(
    `/${apiPaths.mySessions}`,
    {
      schema: {
        operationId: 'signOutOtherSessions',
        summary: 'Sign out your other sessions',
        description: 'Sign out every other session of yours; this one stays',
        security,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { account, sessionId } = callerOf(request);
      await revokeOtherSessions(db, account.user.id, sessionId);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    `/${apiPaths.mySession(':id')}`,
    {
      config: { problems: [problems.notFound] },
      schema: {
        operationId: 'signOutSession',
        summary: 'Sign out one of your sessions',
        description: 'Sign out one of your sessions (this one too, like signing out)',
        security,
        params: mySessionParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      orThrow(decideEndSession(await findSessionOwner(db, id), callerOf(request).account.user.id));
      await revokeSession(db, id);
      return reply.code(204).send(null);
    },
  );
};
