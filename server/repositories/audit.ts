import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AuditEvent } from '../../contract/audit';
import type { AuditRecord, AuditSelection } from '../../domain/audit';
import { pageOf } from '../../domain/lists';
import type { DbOrTx } from '../db/client';
import { auditEvents } from '../db/schema';
import { pageWithTotal, totalOf } from './pagination';

/** Who made a write, and from where: copied into each event. */
export interface AuditActor {
  id: number;
  email: string;
  ip: string | null;
}

/** Appends one event; call it inside the write's own transaction. */
export async function appendAudit(tx: DbOrTx, actor: AuditActor, record: AuditRecord) {
  await tx.insert(auditEvents).values({ ...record, actorId: actor.id, actorEmail: actor.email, ip: actor.ip });
}

const toEvent = (row: typeof auditEvents.$inferSelect): AuditEvent => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: row.actorId === null ? null : { id: row.actorId, email: row.actorEmail ?? '' },
  action: row.action as AuditEvent['action'],
  entity: row.entity as AuditEvent['entity'],
  entityId: row.entityId,
  before: row.before ?? null,
  after: row.after ?? null,
  ip: row.ip,
});

/** Newest first, by record, actor and period (`to` exclusive). */
export async function listAuditEvents(db: DbOrTx, page: { page: number; limit: number }, s: AuditSelection) {
  const filters: (SQL | undefined)[] = [
    s.entity === undefined ? undefined : eq(auditEvents.entity, s.entity),
    s.entityId === undefined ? undefined : eq(auditEvents.entityId, s.entityId),
    s.actorId === undefined ? undefined : eq(auditEvents.actorId, s.actorId),
    s.from === undefined ? undefined : gte(auditEvents.at, new Date(s.from)),
    s.to === undefined ? undefined : lt(auditEvents.at, new Date(s.to)),
  ];
  const where = and(...filters);
  const counted = () => db.select({ n: count() }).from(auditEvents).where(where);
  const rows = await db
    .select({ row: auditEvents, total: totalOf(counted()) })
    .from(auditEvents)
    .where(where)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(page.limit)
    .offset(pageOf(page.page, page.limit).offset);
  return pageWithTotal(
    rows,
    page,
    ({ row }) => toEvent(row),
    async () => (await counted())[0]?.n ?? 0,
  );
}
