import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { LIVE_SESSION_STATUS } from '../../domain/accounts';
import { isSessionLive, SESSION_SEEN_EVERY_MS } from '../../domain/sessions';
import type { DbOrTx } from '../db/client';
import { accountTypes, personas, sessionActivity, sessions, userTypes, users } from '../db/schema';
import { prepared } from './prepared';
import { accountColumns, toAccount } from './users';

/** Sessions by the SHA-256 of their bearer token: the token itself is never stored. */
export async function createSession(
  db: DbOrTx,
  values: {
    userId: number;
    tokenHash: string;
    expiresAt: Date;
    userAgent: string | null;
    address: string | null;
    /** Set when the session opens after a second factor was answered. */
    secondFactorAt?: Date | null;
  },
) {
  await db.insert(sessions).values(values);
}

/** The user's live sessions, each with when it was last seen (its sign-in, until a request after it was written down). */
export async function listLiveSessions(db: DbOrTx, userId: number, now = new Date()) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      address: sessions.address,
      createdAt: sessions.createdAt,
      lastSeenAt: sql<Date>`coalesce(${sessionActivity.lastSeenAt}, ${sessions.createdAt})`.mapWith(sessions.createdAt),
    })
    .from(sessions)
    .leftJoin(sessionActivity, eq(sessionActivity.sessionId, sessions.id))
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
}

/** Whose a session is, and whether it is still live; null when there is none. */
export async function findSessionOwner(db: DbOrTx, id: string, now = new Date()) {
  const [row] = await db
    .select({ userId: sessions.userId, revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, id));
  return row
    ? { userId: row.userId, live: isSessionLive({ revoked: row.revokedAt !== null, expiresAt: row.expiresAt }, now.getTime()) }
    : null;
}

/**
 * Writes down that the session was seen now, unless it was within the last minute. Kept in its
 * own table, which tells no process cache anything: a session's row changing drops every cache.
 */
export async function markSessionSeen(db: DbOrTx, sessionId: string, now = new Date()) {
  await db
    .insert(sessionActivity)
    .values({ sessionId, lastSeenAt: now })
    .onConflictDoUpdate({
      target: sessionActivity.sessionId,
      set: { lastSeenAt: now },
      setWhere: sql`${sessionActivity.lastSeenAt} < ${new Date(now.getTime() - SESSION_SEEN_EVERY_MS)}`,
    });
}

/**
 * The active account behind a live session (neither revoked nor expired), in one query. Every
 * authenticated request runs it, so it is prepared: PostgreSQL parses and plans it once per
 * connection. Callers may cache the answer only as server/services/auth-cache.ts does.
 */
export async function findSessionAccount(db: DbOrTx, tokenHash: string, imageUrl: (id: string) => string) {
  const query = prepared(db, 'users_session_account', (name) =>
    db
      .select({ ...accountColumns, sessionId: sessions.id, expiresAt: sessions.expiresAt, secondFactorAt: sessions.secondFactorAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(userTypes, eq(userTypes.id, users.userTypeId))
      .innerJoin(personas, eq(personas.id, users.personaId))
      .innerJoin(accountTypes, eq(accountTypes.id, personas.accountTypeId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql.placeholder('now')),
          eq(users.status, LIVE_SESSION_STATUS),
        ),
      )
      .prepare(name),
  );
  const [row] = await query.execute({ tokenHash, now: new Date() });
  return row
    ? {
        caller: { sessionId: row.sessionId, account: toAccount(row, imageUrl), secondFactor: row.secondFactorAt !== null },
        expiresAt: row.expiresAt,
      }
    : null;
}

/** The session answered its user's second factor now (issue 45): its rights that need one follow. */
export async function markSessionFactor(db: DbOrTx, sessionId: string, now = new Date()) {
  await db
    .update(sessions)
    .set({ secondFactorAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeSession(db: DbOrTx, id: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));
}

/** Ends every other session of the user, e.g. after a password change. */
export async function revokeOtherSessions(db: DbOrTx, userId: number, keepId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId), isNull(sessions.revokedAt)));
}

/** Ends every session of the user, e.g. after a password reset. */
export async function revokeAllSessions(db: DbOrTx, userId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
