import { auditRecord, type AuditChange } from '@domain';
import type { MockDbState, StoredAccount } from './db';
import { sha256Hex } from './digest';

/** The mocks know no client addresses: every call comes from this one. */
export const MOCK_CLIENT_ADDRESS = '127.0.0.1';

/** Appends the change's event, in the same change of the store as the write (the server: its transaction). */
export function recordAudit(db: MockDbState, { account }: { account: StoredAccount }, change: AuditChange): void {
  db.audit.push({
    id: (db.sequences.audit += 1),
    at: new Date().toISOString(),
    actorId: account.id,
    actorEmail: account.email,
    ip: MOCK_CLIENT_ADDRESS,
    ...auditRecord(change),
  });
}

/**
 * The trail's hash chain, made when asked: each event's place, the previous hash and its content
 * (the server's triggers keep theirs as each event is written; nothing alters the mocks' store
 * behind their back, so a check of theirs always finds it whole).
 */
export async function auditChain(events: MockDbState['audit']) {
  let hash = '0'.repeat(64);
  const links: { event: MockDbState['audit'][number]; seq: number; hash: string; prevHash: string }[] = [];
  for (const [place, e] of events.entries()) {
    const prevHash = hash;
    hash = await sha256Hex(
      JSON.stringify([place + 1, prevHash, e.id, e.at, e.actorId, e.actorEmail, e.action, e.entity, e.entityId, e.before, e.after, e.ip]),
    );
    links.push({ event: e, seq: place + 1, hash, prevHash });
  }
  return { links, head: { seq: events.length, hash } };
}

export const auditChainHead = async (events: MockDbState['audit']) => (await auditChain(events)).head;

/** A complaint's moves as a chain of their own, made when asked (the server's trigger keeps it per row). */
export async function moveChain(
  moves: readonly { id: number; fromStatus: number | null; toStatus: number; changedById: number; changedAt: string; text: string }[],
  complaintId: number,
) {
  let hash = '0'.repeat(64);
  const chain = new Map<number, { seq: number; hash: string }>();
  for (const [place, m] of moves.entries()) {
    hash = await sha256Hex(
      JSON.stringify([place + 1, hash, m.id, complaintId, m.fromStatus, m.toStatus, m.changedById, m.changedAt, m.text]),
    );
    chain.set(m.id, { seq: place + 1, hash });
  }
  return chain;
}
