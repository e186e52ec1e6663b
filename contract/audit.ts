import { z } from 'zod';
import { idParam, listEnvelope, listQuerySchema } from './envelope';

import { AUDIT_ACTIONS, AUDIT_ENTITIES } from './audit-entities';

export * from './audit-entities';

/** One write, as the trail keeps it: never a password, hash, token or code. */
export const auditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** `GET /api/v1/audit-events`: newest first; filters by record, actor and period (`to` exclusive). */
export const auditListQuerySchema = listQuerySchema.omit({ sort: true, q: true }).extend({
  entity: z.enum(AUDIT_ENTITIES).optional(),
  entityId: z.string().max(64).optional(),
  actorId: idParam.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type AuditListQuery = z.input<typeof auditListQuerySchema>;
export const auditListResponseSchema = listEnvelope(auditEventSchema);
