import { z } from 'zod';
import { idParam, itemEnvelope, listEnvelope, listQuerySchema } from './envelope';

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

/**
 * `GET /api/v1/audit-events/chain`: the head of the trail's hash chain (issue 35). Kept apart
 * from the database (written down, mailed to an auditor), it proves later that no event up to it
 * was altered or removed. With the last check of the whole chain, and what that check found.
 */
export const auditChainSchema = z.object({
  /** Events on the trail. */
  seq: z.number().int().min(0),
  /** SHA-256 of the last event with every one before it (64 zeros while the trail is empty). */
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  /** When the whole chain was last checked (`npm run audit:verify`, or POST …/chain/check); null: never. */
  verifiedAt: z.iso.datetime().nullable(),
  /** How many events that check covered. */
  verifiedSeq: z.number().int().min(0).nullable(),
  /** The first break it found, in words; null when the chain was whole. */
  verifiedBreak: z.string().nullable(),
});
export type AuditChain = z.infer<typeof auditChainSchema>;
export const auditChainResponseSchema = itemEnvelope(auditChainSchema);
export type AuditChainResponse = z.infer<typeof auditChainResponseSchema>;
