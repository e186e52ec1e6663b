import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listQuerySchema } from '../../contract/envelope';
import { apiPaths } from '../../contract/paths';
import { TYPE_OF_OFFENCE_SORT_FIELDS, typeOfOffenceListResponseSchema } from '../../contract/type-of-offences';
import type { Db } from '../db/client';
import { parseSort } from '../repositories/pagination';
import { listTypeOfOffences } from '../repositories/type-of-offences';
import { COMPLAINT_SCREENS } from './menu-keys';

export const typeOfOffenceRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(`/${apiPaths.typeOfOffences}`, {
    onRequest: app.requirePrivilege(COMPLAINT_SCREENS, 'view'),
    schema: {
      summary: `Types of offence, by name (sort: ${TYPE_OF_OFFENCE_SORT_FIELDS.join(', ')}; q: in name or description)`,
      security: [{ bearer: [] }],
      querystring: listQuerySchema,
      response: { 200: typeOfOffenceListResponseSchema },
    },
  }, async (request) => {
    const { sort, ...query } = request.query;
    return { data: await listTypeOfOffences(db, { ...query, sort: parseSort(sort, TYPE_OF_OFFENCE_SORT_FIELDS) }) };
  });
};
