import type { User } from '@contract';
import { ACCOUNT_TYPE_ID } from '@fixtures';
import { callerOf, DEFAULT_SESSION_TTL_HOURS, isAllowed, LIVE_SESSION_STATUS, problems, type Caller, type Guard } from '@domain';
import { grantsOf, mockDb, personaOf, updateMockDb, type MockDbState, type StoredAccount } from './db';
import { randomToken } from './random-codes';

const SESSION_MS = DEFAULT_SESSION_TTL_HOURS * 3_600_000;

/** Sessions as the server keeps them: by token, until revoked or expired. */
export function createSession(accountId: number) {
  const session = { token: `mock.${randomToken()}`, accountId, expiresAt: new Date(Date.now() + SESSION_MS).toISOString(), revoked: false };
  updateMockDb((db) => db.sessions.push(session));
  return session;
}

/** Ends every session of the account but `keep` (the caller's own, after a password change). */
export function endSessions(db: MockDbState, accountId: number, keep: string | null = null): void {
  for (const session of db.sessions) if (session.accountId === accountId && session.token !== keep) session.revoked = true;
}

export function revokeSession(token: string): void {
  updateMockDb((db) => {
    for (const session of db.sessions) if (session.token === token) session.revoked = true;
  });
}

export interface Session {
  account: StoredAccount;
  token: string;
  caller: Caller;
}

const accountTypeCode = (typeId: number) => Object.entries(ACCOUNT_TYPE_ID).find(([, id]) => id === typeId)?.[0] ?? '';

/** A user as the API shows it, read as the server's joins read it: its persona, and its user type by the name of today. */
export function presentUser(db: Readonly<MockDbState>, account: StoredAccount): User {
  const { fullName, phone, accountTypeId, organizationId, positionId, zoneId } = personaOf(db, account);
  const userType = db.catalogues['user-types'].find((t) => t.id === account.userTypeId)!;
  return { ...account, fullName, phone, userType: { id: userType.id, name: userType.name }, userProfile: { typeId: accountTypeId, organizationId, positionId, zoneId } };
}

/** The caller of a signed-in call, or the 401 thrown. */
export function requireSession(request: Request): Session {
  const token = /^Bearer (\S+)$/.exec(request.headers.get('Authorization') ?? '')?.[1];
  const db = mockDb();
  const session = db.sessions.find((s) => s.token === token && !s.revoked && Date.parse(s.expiresAt) > Date.now());
  const account = db.accounts.find((candidate) => candidate.id === session?.accountId);
  if (!session || account?.status !== LIVE_SESSION_STATUS) throw problems.unauthorized();
  const { accountTypeId, organizationId } = personaOf(db, account);
  const caller = callerOf({ userId: account.id, accountTypeCode: accountTypeCode(accountTypeId), organizationId });
  return { account, token: session.token, caller };
}

/** The caller, if signed in (else 401) and allowed by the matrix (else 403). */
export function requirePrivilege(request: Request, guard: Guard): Session {
  const session = requireSession(request);
  if (!isAllowed(grantsOf(mockDb(), session.account), guard)) throw problems.forbidden();
  return session;
}
