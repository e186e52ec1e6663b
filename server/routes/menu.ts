import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { menuPrivilegesResponseSchema } from '../../contract/menu';
import { apiPaths } from '../../contract/paths';
import type { Db } from '../db/client';
import { callerOf } from '../plugins/auth';
import { menuFor } from '../repositories/privileges';

export const menuRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(`/${apiPaths.menuPrivileges}`, {
    onRequest: app.requireCaller,
    schema: { summary: 'The sidebar groups the caller may view', security: [{ bearer: [] }], response: { 200: menuPrivilegesResponseSchema } },
  }, async (request) => ({ data: { items: await menuFor(db, callerOf(request).account.userTypeId) } }));
};
