import type { FixtureAccount } from '@fixtures';
import { mockDb, updateMockDb } from './db';
import { problem } from './problem';

/**
 * Tokens carry the user id, so a reload keeps working without server-side sessions; the
 * serial and time make each sign-in's token distinct, so signing one out leaves others alive.
 */
const TOKEN_PATTERN = /^mock\.(\d+)\.[a-z0-9-]+$/;

export function issueToken(accountId: number): string {
  return updateMockDb((db) => {
    db.issuedTokenCount += 1;
    return `mock.${accountId}.${Date.now().toString(36)}-${db.issuedTokenCount}`;
  });
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

  const accountId = Number(TOKEN_PATTERN.exec(token)?.[1]);
  const db = mockDb();
  const account = db.accounts.find((candidate) => candidate.id === accountId);
  if (!account || account.status !== 'active' || db.revokedTokens.includes(token)) {
    throw problem(401, 'Session ended', 'Sign in again.');
  }
  return { account, token };
}

export function revokeToken(token: string): void {
  updateMockDb((db) => {
    if (!db.revokedTokens.includes(token)) db.revokedTokens.push(token);
  });
}
