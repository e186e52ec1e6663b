import type { FixtureAccount } from '@fixtures';
import { mockDb, updateMockDb, type MockDbState } from './db';
import { problem } from './problem';

/**
 * Tokens carry the user id, so a reload keeps working without server-side sessions, and a
 * serial, so signing one out leaves others alive and a cutoff can end all older ones.
 */
const TOKEN_PATTERN = /^mock\.(\d+)\.([a-z0-9]+)$/;

/**
 * Serials follow the clock, so they keep rising across a reset of the mock db: a token
 * issued before a reset never looks newer than a cutoff set after it.
 */
function nextSerial(db: MockDbState): number {
  db.lastTokenSerial = Math.max(Date.now(), db.lastTokenSerial + 1);
  return db.lastTokenSerial;
}

export function issueToken(accountId: number): string {
  return updateMockDb((db) => `mock.${accountId}.${nextSerial(db).toString(36)}`);
}

/** Ends every session of the account issued so far, except `keep` (the caller's own). */
export function endSessions(db: MockDbState, accountId: number, keep: string | null = null): void {
  db.sessionCutoffs[accountId] = { serial: nextSerial(db), keptToken: keep };
}

function isLive(db: Readonly<MockDbState>, token: string, accountId: number, serial: number) {
  if (db.revokedTokens.includes(token)) return false;
  const cutoff = db.sessionCutoffs[accountId];
  return !cutoff || serial > cutoff.serial || token === cutoff.keptToken;
}

export interface Session {
  account: FixtureAccount;
  token: string;
}

/** The caller of a signed-in call, or a 401 problem thrown as the answer. */
export function requireSession(request: Request): Session {
  const header = request.headers.get('Authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  if (!token) throw problem(401, 'Not signed in', 'A bearer token is required.');

  const [, id, serial] = TOKEN_PATTERN.exec(token) ?? [];
  const accountId = Number(id);
  const db = mockDb();
  const account = db.accounts.find((candidate) => candidate.id === accountId);
  if (
    !account ||
    account.status !== 'active' ||
    !isLive(db, token, accountId, parseInt(serial ?? '', 36))
  ) {
    throw problem(401, 'Session ended', 'Sign in again.');
  }
  return { account, token };
}

export function revokeToken(token: string): void {
  updateMockDb((db) => {
    if (!db.revokedTokens.includes(token)) db.revokedTokens.push(token);
  });
}
