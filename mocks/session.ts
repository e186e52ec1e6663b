import type { User } from '@contract';
import { ACCOUNT_TYPE_ID } from '@fixtures';
import {
  callerOf,
  DEFAULT_SESSION_TTL_HOURS,
  isAllowed,
  isSeenStale,
  isSessionLive,
  LIVE_SESSION_STATUS,
  problems,
  USER_AGENT_MAX,
  type Caller,
  type Guard,
} from '@domain';
import { MOCK_CLIENT_ADDRESS } from './audit';
import { grantsOf, mockDb, personaOf, updateMockDb, type MockDbState, type MockSession, type StoredAccount } from './db';
import { randomToken, randomUuid } from './random-codes';

const SESSION_MS = DEFAULT_SESSION_TTL_HOURS * 3_600_000;

/** A browser's own user agent: a page's requests do not carry it as a header the mock worker can read. */
const browserAgent = () => (typeof window === 'undefined' ? null : window.navigator.userAgent);

/** Sessions as the server keeps them: by token, until revoked or expired, with where they signed in from. */
export function createSession(accountId: number, request?: Request) {
  const now = new Date().toISOString();
  const session: MockSession = {
    id: randomUuid(),
    token: `mock.${randomToken()}`,
    accountId,
    expiresAt: new Date(Date.now() + SESSION_MS).toISOString(),
    revoked: false,
    userAgent: (request?.headers.get('user-agent') ?? browserAgent())?.slice(0, USER_AGENT_MAX) ?? null,
    address: MOCK_CLIENT_ADDRESS,
    createdAt: now,
    lastSeenAt: now,
  };
  updateMockDb((db) => db.sessions.push(session));
  return session;
}

export const isLive = (session: MockSession, now = Date.now()) => isSessionLive(session, now);

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
  sessionId: string;
  caller: Caller;
}

const accountTypeCode = (typeId: number) => Object.entries(ACCOUNT_TYPE_ID).find(([, id]) => id === typeId)?.[0] ?? '';

/** A user as the API shows it, read as the server's joins read it: its persona, and its user type by the name of today. */
export function presentUser(db: Readonly<MockDbState>, account: StoredAccount): User {
  const { fullName, phone, accountTypeId, organizationId, positionId, zoneId } = personaOf(db, account);
  const userType = db.catalogues['user-types'].find((t) => t.id === account.userTypeId)!;
  return {
    ...account,
    fullName,
    phone,
    userType: { id: userType.id, name: userType.name },
    userProfile: { typeId: accountTypeId, organizationId, positionId, zoneId },
  };
}

/** The caller of a signed-in call, or the 401 thrown. */
export function requireSession(request: Request): Session {
  const token = /^Bearer (\S+)$/.exec(request.headers.get('Authorization') ?? '')?.[1];
  const db = mockDb();
  const session = db.sessions.find((s) => s.token === token && isLive(s));
  const account = db.accounts.find((candidate) => candidate.id === session?.accountId);
  if (!session || account?.status !== LIVE_SESSION_STATUS) throw problems.unauthorized();
  if (isSeenStale(session.lastSeenAt, Date.now())) {
    updateMockDb((state) => {
      state.sessions.find((s) => s.id === session.id)!.lastSeenAt = new Date().toISOString();
    });
  }
  const { accountTypeId, organizationId } = personaOf(db, account);
  const caller = callerOf({ userId: account.id, accountTypeCode: accountTypeCode(accountTypeId), organizationId });
  return { account, token: session.token, sessionId: session.id, caller };
}

/** The caller, if signed in (else 401) and allowed by the matrix (else 403). */
export function requirePrivilege(request: Request, guard: Guard): Session {
  const session = requireSession(request);
  if (!isAllowed(grantsOf(mockDb(), session.account), guard)) throw problems.forbidden();
  return session;
}
