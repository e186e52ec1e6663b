import { ACCOUNT_TYPE_ID, type FixtureAccount } from '@fixtures';
import { callerOf, isAllowed, problems, type Caller, type Guard } from '@domain';
import { mockDb, updateMockDb, type MockDbState } from './db';

/**
 * Tokens carry the user id, so a reload keeps working without server-side sessions, and a
 * serial, so signing one out leaves others alive and a cutoff can end all older ones.
 */
const TOKEN_PATTERN = /^mock\.(\d+)\.([a-z0-9]+)$/;

/** Serials follow the clock, so a token issued before a reset of the mock db never looks newer than a cutoff after it. */
function nextSerial(db: MockDbState): number {
  db.lastTokenSerial = Math.max(Date.now(), db.lastTokenSerial + 1);
  return db.lastTokenSerial;
}

export const issueToken = (accountId: number) => updateMockDb((db) => `mock.${accountId}.${nextSerial(db).toString(36)}`);

/** Ends every session of the account issued so far, except `keep` (the caller's own). */
export function endSessions(db: MockDbState, accountId: number, keep: string | null = null): void {
  db.sessionCutoffs[accountId] = { serial: nextSerial(db), keptToken: keep };
}

export function revokeToken(token: string): void {
  updateMockDb((db) => {
    if (!db.revokedTokens.includes(token)) db.revokedTokens.push(token);
  });
}

function isLive(db: Readonly<MockDbState>, token: string, accountId: number, serial: number) {
  if (db.revokedTokens.includes(token)) return false;
  const cutoff = db.sessionCutoffs[accountId];
  return !cutoff || serial > cutoff.serial || token === cutoff.keptToken;
}

export interface Session {
  account: FixtureAccount;
  token: string;
  caller: Caller;
}

const accountTypeCode = (typeId: number) =>
  Object.entries(ACCOUNT_TYPE_ID).find(([, id]) => id === typeId)?.[0] ?? '';

/** The caller of a signed-in call, or the 401 thrown. */
export function requireSession(request: Request): Session {
  const token = /^Bearer (\S+)$/.exec(request.headers.get('Authorization') ?? '')?.[1] ?? '';
  const [, id, serial] = TOKEN_PATTERN.exec(token) ?? [];
  const db = mockDb();
  const account = db.accounts.find((candidate) => candidate.id === Number(id));
  if (!account || account.status !== 'active' || !isLive(db, token, account.id, parseInt(serial!, 36))) {
    throw problems.unauthorized();
  }
  const { id: userId, userProfile } = account;
  const caller = callerOf({ userId, accountTypeCode: accountTypeCode(userProfile.typeId), organizationId: userProfile.organizationId });
  return { account, token, caller };
}

/** The caller, if signed in (else 401) and allowed by the matrix (else 403). */
export function requirePrivilege(request: Request, guard: Guard): Session {
  const session = requireSession(request);
  if (!isAllowed(mockDb().grants[session.account.userTypeKey], guard)) throw problems.forbidden();
  return session;
}
