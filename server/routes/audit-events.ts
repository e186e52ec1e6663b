import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditChainResponseSchema, auditListQuerySchema, auditListResponseSchema } from '../../contract/audit';
import { apiPaths } from '../../contract/paths';
import { guards } from '../../domain/access';
import { auditSelection } from '../../domain/audit';
import { problems } from '../../domain/problems';
import type { Db } from '../db/client';
import { listAuditEvents } from '../repositories/audit';
import { auditChainHead, checkChains, recordCheck } from '../repositories/chains';

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

  /** The trail's head and its last check, as the contract words it. */
  async function chainAnswer() {
    const head = await auditChainHead(db);
    if (!head) throw new Error('the audit trail has no chain head (chain_heads)');
    return {
      data: {
        seq: head.seq,
        hash: head.hash,
        verifiedAt: head.verifiedAt?.toISOString() ?? null,
        verifiedSeq: head.verifiedSeq,
        verifiedBreak: head.verifiedBreak,
      },
    };
  }

  app.get(
    `/${apiPaths.auditChain}`,
    {
      onRequest: app.requirePrivilege(guards.auditEvents),
      schema: {
        operationId: 'getAuditChain',
        summary: "Read the head of the audit trail's hash chain",
        description:
          "The head of the audit trail's hash chain (how many events, the SHA-256 of the last with all before it) and when the whole chain was last checked, with what was found",
        security: [{ bearer: [] }],
        response: { 200: auditChainResponseSchema },
      },
    },
    chainAnswer,
  );

  app.post(
    `/${apiPaths.auditChainCheck}`,
    {
      onRequest: app.requirePrivilege(guards.auditEvents),
      schema: {
        operationId: 'checkAuditChain',
        summary: 'Check the hash chains whole',
        description:
          "Checks the audit trail's and every complaint's status-history hash chain whole, as npm run audit:verify does, and notes the check on the head; answers the head with what was found",
        security: [{ bearer: [] }],
        response: { 200: auditChainResponseSchema },
      },
    },
    async () => {
      const check = await db.transaction((tx) => checkChains(tx), { isolationLevel: 'repeatable read', accessMode: 'read only' });
      await recordCheck(db, check);
      return chainAnswer();
    },
  );
};
