import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listQuerySchema } from '../../contract/envelope';
import { apiPaths } from '../../contract/paths';
import { typeOfOffenceListResponseSchema } from '../../contract/type-of-offences';
import type { Db } from '../db/client';
import { listTypeOfOffences } from '../repositories/type-of-offences';
import { COMPLAINT_SCREENS } from './menu-keys';

export const typeOfOffenceRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(`/${apiPaths.typeOfOffences}`, {
    onRequest: app.requirePrivilege(COMPLAINT_SCREENS, 'view'),
    schema: { summary: 'Types of offence', security: [{ bearer: [] }], querystring: listQuerySchema, response: { 200: typeOfOffenceListResponseSchema } },
  }, async (request) => ({ data: await listTypeOfOffences(db, request.query.page, request.query.limit) }));
};
