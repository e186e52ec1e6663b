import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListQuerySchema, auditListResponseSchema } from '../../contract/audit';
import { apiPaths } from '../../contract/paths';
import { guards } from '../../domain/access';
import { auditSelection } from '../../domain/audit';
import { problems } from '../../domain/problems';
import type { Db } from '../db/client';
import { listAuditEvents } from '../repositories/audit';

/** The audit trail, newest first: every write of administration and the complaint workflow. */
export const auditEventRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    `/${apiPaths.auditEvents}`,
    {
      config: { problems: [problems.periodReversed] },
      onRequest: app.requirePrivilege(guards.auditEvents),
      schema: {
        operationId: 'listAuditEvents',
        summary: 'List audit events',
        description: 'Audit events, newest first (filters: entity, entityId, actorId, from, to exclusive)',
        security: [{ bearer: [] }],
        querystring: auditListQuerySchema,
        response: { 200: auditListResponseSchema },
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      return { data: await listAuditEvents(db, { page, limit }, auditSelection(filter)) };
    },
  );
};
