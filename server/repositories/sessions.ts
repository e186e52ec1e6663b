import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { sessions } from '../db/schema';

export async function createSession(db: DbOrTx, userId: number, tokenHash: string, expiresAt: Date) {
  await db.insert(sessions).values({ userId, tokenHash, expiresAt });
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
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
