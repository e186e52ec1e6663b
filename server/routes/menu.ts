import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { menuPrivilegesResponseSchema } from '../../contract/menu';
import { apiPaths } from '../../contract/paths';
import { menuOf } from '../../domain/access';
import type { Db } from '../db/client';
import { callerOf } from '../plugins/auth';
import { grantsOf, menuLayout } from '../repositories/privileges';

export const menuRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    `/${apiPaths.menuPrivileges}`,
    {
      onRequest: app.requireCaller,
      schema: {
        operationId: 'getMenuPrivileges',
        summary: 'Read the sidebar you may see',
        description: 'The sidebar groups the caller may view, each item with the actions allowed on it',
        security: [{ bearer: [] }],
        response: { 200: menuPrivilegesResponseSchema },
      },
    },
    async (request) => {
      const [layout, grants] = await Promise.all([menuLayout(db), grantsOf(db, callerOf(request).account.userTypeId)]);
      return { data: { items: menuOf(layout, grants) } };
    },
  );
};
