import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { userSecondFactors } from '../db/schema';

/** A user's second factor as stored (secrets sealed). */
export type SecondFactorRow = typeof userSecondFactors.$inferSelect;

/** A user's second factor as stored (secrets sealed), or null when they have none. */
export async function findSecondFactor(db: DbOrTx, userId: number, { lock = false } = {}) {
  const query = db.select().from(userSecondFactors).where(eq(userSecondFactors.userId, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** A new secret, waiting for a code to confirm it; the factor in use, if any, stays until then. */
export async function savePendingSecret(db: DbOrTx, userId: number, pendingSecret: string) {
  await db
    .insert(userSecondFactors)
    .values({ userId, pendingSecret })
    .onConflictDoUpdate({ target: userSecondFactors.userId, set: { pendingSecret } });
}

/** The pending secret becomes the one in use, with new recovery codes (hashed) and the step its code used. */
export async function confirmPendingSecret(
  db: DbOrTx,
  userId: number,
  { step, recoveryCodeHashes }: { step: number; recoveryCodeHashes: string[] },
) {
  await db
    .update(userSecondFactors)
    .set({ secret: userSecondFactors.pendingSecret, pendingSecret: null, enabledAt: new Date(), lastUsedStep: step, recoveryCodeHashes })
    .where(eq(userSecondFactors.userId, userId));
}

/** A new secret not yet confirmed is dropped (a new password ends an enrolment under way); the factor in use stays. */
export async function dropPendingSecret(db: DbOrTx, userId: number) {
  await db.update(userSecondFactors).set({ pendingSecret: null }).where(eq(userSecondFactors.userId, userId));
}

export async function recordUsedStep(db: DbOrTx, userId: number, step: number) {
  await db.update(userSecondFactors).set({ lastUsedStep: step }).where(eq(userSecondFactors.userId, userId));
}

/** Single use: true only for the one caller that removed this hash. */
export async function spendRecoveryCode(db: DbOrTx, userId: number, hash: string) {
  const rows = await db
    .update(userSecondFactors)
    .set({ recoveryCodeHashes: sql`array_remove(${userSecondFactors.recoveryCodeHashes}, ${hash})` })
    .where(and(eq(userSecondFactors.userId, userId), sql`${hash} = ANY(${userSecondFactors.recoveryCodeHashes})`))
    .returning({ userId: userSecondFactors.userId });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: number, recoveryCodeHashes: string[], step: number) {
  await db.update(userSecondFactors).set({ recoveryCodeHashes, lastUsedStep: step }).where(eq(userSecondFactors.userId, userId));
}

/** Off: turned off by its owner, or reset by an administrator. True when there was one. */
export async function removeSecondFactor(db: DbOrTx, userId: number) {
  const rows = await db
    .delete(userSecondFactors)
    .where(eq(userSecondFactors.userId, userId))
    .returning({ userId: userSecondFactors.userId });
  return rows.length === 1;
}
