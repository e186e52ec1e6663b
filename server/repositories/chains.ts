import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditEvents, chainHeads } from '../db/schema';

/*
 * The hash chains of the audit trail and of each complaint's status history (issue 35,
 * migration 0025): their triggers write them; this module starts them, checks them whole, and
 * tells their head.
 */

const GENESIS = '0'.repeat(64);
const AUDIT = 'audit_events';

/** The audit trail's head before its first event (the migration makes it; a reset that empties every table makes it again). */
export async function startAuditChain(db: DbOrTx) {
  await db.insert(chainHeads).values({ name: AUDIT, seq: 0, hash: GENESIS }).onConflictDoNothing();
}

/** Where a chain first breaks, in words an auditor can act on. */
export interface ChainBreak {
  table: 'audit_events' | 'complaint_status_history';
  /** The row's id, and its place in its chain. */
  id: number | null;
  seq: number | null;
  complaintId?: number;
  reason: 'content' | 'link' | 'gap' | 'head';
}

export interface ChainCheck {
  auditEvents: number;
  historyRows: number;
  complaints: number;
  /** The first break found (the audit trail before the histories), or null when both are whole. */
  broken: ChainBreak | null;
  head: { seq: number; hash: string };
}

export const describeBreak = (b: ChainBreak) =>
  ({
    content: `row ${b.id} of ${b.table} (place ${b.seq}${b.complaintId ? ` of complaint ${b.complaintId}` : ''}) does not match its hash: its content was changed`,
    link: `row ${b.id} of ${b.table} (place ${b.seq}${b.complaintId ? ` of complaint ${b.complaintId}` : ''}) does not follow the row before it: a row before it was changed or removed`,
    gap: `row ${b.id} of ${b.table} (place ${b.seq}${b.complaintId ? ` of complaint ${b.complaintId}` : ''}) comes after a gap: a row before it was removed`,
    head: `the head of ${b.table}${b.complaintId ? ` for complaint ${b.complaintId}` : ''} is not its last row: rows at its end were removed, or the head was changed`,
  })[b.reason];

/**
 * Checks both chains whole: each row's hash against its content made again, its link to the row
 * before, no place missing, and the head at the last row. Reads one snapshot (run it in a
 * repeatable-read transaction for a consistent answer while others write).
 */
export async function checkChains(db: DbOrTx): Promise<ChainCheck> {
  const audit = await db.execute<{ id: number; seq: string; reason: ChainBreak['reason'] }>(sql`
    with rows as (
      select id, chain_seq, hash, prev_hash, audit_event_digest(a) as made,
             lag(hash) over (order by chain_seq) as before_hash, lag(chain_seq) over (order by chain_seq) as before_seq
      from audit_events a
    )
    select id, chain_seq as seq,
           case when chain_seq <> coalesce(before_seq, 0) + 1 then 'gap'
                when prev_hash <> coalesce(before_hash, ${GENESIS}) then 'link'
                else 'content' end as reason
    from rows
    where made <> hash or prev_hash <> coalesce(before_hash, ${GENESIS}) or chain_seq <> coalesce(before_seq, 0) + 1
    order by chain_seq
    limit 1`);
  const [counts] = (
    await db.execute<{
      events: string;
      last_seq: string | null;
      last_hash: string | null;
      head_seq: string | null;
      head_hash: string | null;
    }>(sql`
      select (select count(*) from audit_events) as events,
             (select chain_seq from audit_events order by chain_seq desc limit 1) as last_seq,
             (select hash from audit_events order by chain_seq desc limit 1) as last_hash,
             (select seq from chain_heads where name = ${AUDIT}) as head_seq,
             (select hash from chain_heads where name = ${AUDIT}) as head_hash`)
  ).rows;
  const head = { seq: Number(counts!.head_seq ?? 0), hash: counts!.head_hash ?? GENESIS };
  let broken: ChainBreak | null = null;
  const first = audit.rows[0];
  if (first) broken = { table: 'audit_events', id: first.id, seq: Number(first.seq), reason: first.reason };
  else if (Number(counts!.last_seq ?? 0) !== head.seq || (counts!.last_hash ?? GENESIS) !== head.hash)
    broken = { table: 'audit_events', id: null, seq: null, reason: 'head' };

  const history = await db.execute<{ id: number | null; seq: number | null; complaint_id: number; reason: ChainBreak['reason'] }>(sql`
    with rows as (
      select id, complaint_id, chain_seq, hash, prev_hash, status_history_digest(h) as made,
             lag(hash) over (partition by complaint_id order by chain_seq) as before_hash,
             lag(chain_seq) over (partition by complaint_id order by chain_seq) as before_seq
      from complaint_status_history h
    ), lasts as (
      select distinct on (complaint_id) complaint_id, chain_seq, hash from complaint_status_history
      order by complaint_id, chain_seq desc
    )
    (select id, chain_seq as seq, complaint_id,
            case when chain_seq <> coalesce(before_seq, 0) + 1 then 'gap'
                 when prev_hash <> coalesce(before_hash, ${GENESIS}) then 'link'
                 else 'content' end as reason
     from rows
     where made <> hash or prev_hash <> coalesce(before_hash, ${GENESIS}) or chain_seq <> coalesce(before_seq, 0) + 1
     order by complaint_id, chain_seq
     limit 1)
    union all
    (select null, null, coalesce(l.complaint_id, hd.complaint_id), 'head'
     from lasts l full join complaint_history_heads hd on hd.complaint_id = l.complaint_id
     where l.chain_seq is distinct from hd.seq or l.hash is distinct from hd.hash
     order by 3
     limit 1)`);
  const [rowBreak, headBreak] = [history.rows.find((r) => r.reason !== 'head'), history.rows.find((r) => r.reason === 'head')];
  const historyBreak = rowBreak ?? headBreak;
  if (!broken && historyBreak)
    broken = {
      table: 'complaint_status_history',
      id: historyBreak.id,
      seq: historyBreak.seq === null ? null : Number(historyBreak.seq),
      complaintId: historyBreak.complaint_id,
      reason: historyBreak.reason,
    };
  const [sizes] = (
    await db.execute<{ rows: string; complaints: string }>(
      sql`select count(*) as rows, count(distinct complaint_id) as complaints from complaint_status_history`,
    )
  ).rows;
  return { auditEvents: Number(counts!.events), historyRows: Number(sizes!.rows), complaints: Number(sizes!.complaints), broken, head };
}

/** Notes on the trail's head when it was last checked, how far, and what was found. */
export async function recordCheck(db: DbOrTx, check: ChainCheck, at = new Date()) {
  await db
    .update(chainHeads)
    .set({ verifiedAt: at, verifiedSeq: check.head.seq, verifiedBreak: check.broken ? describeBreak(check.broken) : null })
    .where(eq(chainHeads.name, AUDIT));
}

/** The audit trail's head, and its last check. */
export async function auditChainHead(db: DbOrTx) {
  const [row] = await db.select().from(chainHeads).where(eq(chainHeads.name, AUDIT));
  return row ?? null;
}

/** A record's audit events in the trail's order, with their places and hashes. */
export async function chainedAuditOf(db: DbOrTx, entity: string, entityId: string) {
  const rows = await db
    .select({
      seq: auditEvents.chainSeq,
      at: auditEvents.at,
      actorEmail: auditEvents.actorEmail,
      action: auditEvents.action,
      hash: auditEvents.hash,
      prevHash: auditEvents.prevHash,
    })
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, entity), eq(auditEvents.entityId, entityId)))
    .orderBy(asc(auditEvents.chainSeq));
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
