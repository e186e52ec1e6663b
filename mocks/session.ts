import type { User } from '@contract';
import { ACCOUNT_TYPE_ID } from '@fixtures';
import {
  callerOf,
  decideSessionFactor,
  DEFAULT_SESSION_TTL_HOURS,
  isAllowed,
  isSeenStale,
  isSessionLive,
  LIVE_SESSION_STATUS,
  orThrow,
  problems,
  requiresSecondFactor,
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
export function createSession(accountId: number, request?: Request, { secondFactor = false } = {}) {
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
    secondFactorAt: secondFactor ? now : null,
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
  /** Whether this session answered a second factor. */
  secondFactor: boolean;
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
  return { account, token: session.token, sessionId: session.id, caller, secondFactor: !!session.secondFactorAt };
}

/** Whether the matrix allows the session what the guard names; a right it holds only after its second factor asks for it (403). */
export function sessionMay(session: Session, guard: Guard): boolean {
  const grants = grantsOf(mockDb(), session.account);
  if (!isAllowed(grants, guard)) return false;
  orThrow(decideSessionFactor(requiresSecondFactor(grants), session.secondFactor));
  return true;
}

/** The caller, if signed in (else 401) and allowed by the matrix (else 403), with its second factor where its rights need one. */
export function requirePrivilege(request: Request, guard: Guard): Session {
  const session = requireSession(request);
  if (!sessionMay(session, guard)) throw problems.forbidden();
  return session;
}

/** The session answered its second factor now. */
export function markSessionFactor(sessionId: string): void {
  updateMockDb((db) => {
    const session = db.sessions.find((s) => s.id === sessionId);
    if (session) session.secondFactorAt = new Date().toISOString();
  });
}
