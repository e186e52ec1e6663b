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
export async function auditChainHead(events: MockDbState['audit']): Promise<{ seq: number; hash: string }> {
  let hash = '0'.repeat(64);
  for (const [place, e] of events.entries())
    hash = await sha256Hex(
      JSON.stringify([place + 1, hash, e.id, e.at, e.actorId, e.actorEmail, e.action, e.entity, e.entityId, e.before, e.after, e.ip]),
    );
  return { seq: events.length, hash };
}
