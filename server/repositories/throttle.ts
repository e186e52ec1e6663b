import { and, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimitHits } from '../db/schema';

/**
 * Throttle counters shared by every API process, one row per key and window. The limits and
 * windows are domain/throttle.ts's; this only counts.
 */
export async function hitsInWindow(db: DbOrTx, keys: string[], windowStart: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ key: rateLimitHits.key, hits: rateLimitHits.hits })
    .from(rateLimitHits)
    .where(and(inArray(rateLimitHits.key, keys), sql`${rateLimitHits.windowStart} = ${windowStart.toISOString()}`));
  return new Map(rows.map((r) => [r.key, r.hits]));
}

export async function countHits(db: DbOrTx, keys: string[], windowStart: Date) {
  await db
    .insert(rateLimitHits)
    .values(keys.map((key) => ({ key, windowStart, hits: 1 })))
    .onConflictDoUpdate({ target: [rateLimitHits.key, rateLimitHits.windowStart], set: { hits: sql`${rateLimitHits.hits} + 1` } });
}

/** Windows older than `before` are worth nothing. */
export async function dropHitsBefore(db: DbOrTx, before: Date) {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, before));
}
