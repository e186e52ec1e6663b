import { auditRecord, type AuditChange } from '@domain';
import type { MockDbState, StoredAccount } from './db';

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
