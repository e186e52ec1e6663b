import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimitHits } from '../db/schema';

/** One counter: its key and the start of its current window (each rule has its own window length). */
export interface ThrottleCounter {
  key: string;
  windowStart: Date;
}

const inCurrentWindow = ({ key, windowStart }: ThrottleCounter) =>
  and(eq(rateLimitHits.key, key), sql`${rateLimitHits.windowStart} = ${windowStart.toISOString()}`);

/**
 * Throttle counters shared by every API process, one row per key and window. The limits and
 * windows are domain/throttle.ts's; this only counts.
 */
export async function hitsInWindows(db: DbOrTx, counters: readonly ThrottleCounter[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ key: rateLimitHits.key, hits: rateLimitHits.hits })
    .from(rateLimitHits)
    .where(or(...counters.map(inCurrentWindow)));
  return new Map(rows.map((r) => [r.key, r.hits]));
}

export async function countHits(db: DbOrTx, counters: readonly ThrottleCounter[]) {
  await db
    .insert(rateLimitHits)
    .values(counters.map(({ key, windowStart }) => ({ key, windowStart, hits: 1 })))
    .onConflictDoUpdate({ target: [rateLimitHits.key, rateLimitHits.windowStart], set: { hits: sql`${rateLimitHits.hits} + 1` } });
}

/** Windows older than `before` are worth nothing. */
export async function dropHitsBefore(db: DbOrTx, before: Date) {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, before));
}
