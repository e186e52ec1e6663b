import { and, inArray, lt, sql } from 'drizzle-orm';
import { problemTypes } from '../../contract/account-rules';
import type { DbOrTx } from '../db/client';
import { rateLimitHits } from '../db/schema';
import { typedProblem } from '../http/problem';

/** Counters live in fixed windows of this length (docs/account-rules.md). */
export const THROTTLE_WINDOW_MS = 15 * 60_000;

/** One counter and its limit per window, e.g. `{ key: 'sign-in:account:ana@example.com', limit: 5 }`. */
export interface ThrottleRule {
  key: string;
  limit: number;
}

function windowOf(now: number) {
  const start = Math.floor(now / THROTTLE_WINDOW_MS) * THROTTLE_WINDOW_MS;
  return { start: new Date(start), retryAfter: Math.max(1, Math.ceil((start + THROTTLE_WINDOW_MS - now) / 1000)) };
}

/**
 * Counters shared by every API process, in PostgreSQL. `check` refuses with 429 once a
 * counter has reached its limit; `hit` counts one more. Kept apart so a call can count only
 * its failures (sign-in) or every request (asking for a code).
 */
export function throttle(db: DbOrTx, rules: ThrottleRule[], now = Date.now()) {
  const window = windowOf(now);
  return {
    async check() {
      const rows = await db
        .select({ key: rateLimitHits.key, hits: rateLimitHits.hits })
        .from(rateLimitHits)
        .where(and(inArray(rateLimitHits.key, rules.map((r) => r.key)), sql`${rateLimitHits.windowStart} = ${window.start.toISOString()}`));
      const over = rules.some((rule) => (rows.find((r) => r.key === rule.key)?.hits ?? 0) >= rule.limit);
      if (!over) return;
      const minutes = Math.ceil(window.retryAfter / 60);
      throw typedProblem(429, problemTypes.throttled, 'Too many attempts', `Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`, {
        headers: { 'retry-after': String(window.retryAfter) },
        extensions: { retryAfter: window.retryAfter },
      });
    },
    async hit() {
      await db
        .insert(rateLimitHits)
        .values(rules.map((r) => ({ key: r.key, windowStart: window.start, hits: 1 })))
        .onConflictDoUpdate({ target: [rateLimitHits.key, rateLimitHits.windowStart], set: { hits: sql`${rateLimitHits.hits} + 1` } });
      // Old windows are worth nothing; now and then one caller sweeps them.
      if (Math.random() < 0.02) await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, new Date(now - 24 * 3_600_000)));
    },
  };
}
