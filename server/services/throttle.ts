import { orThrow } from '../../domain/problems';
import { decideThrottle, throttleRules, throttleWindow, type ThrottledCall } from '../../domain/throttle';
import type { DbOrTx } from '../db/client';
import { countHits, dropHitsBefore, hitsInWindow } from '../repositories/throttle';

/**
 * The counters of one throttled call, in PostgreSQL. `check` throws the 429 once a counter has
 * reached its limit; `hit` counts one more. Kept apart so a call can count only its failures
 * (sign-in) or every request (asking for a code).
 */
export function throttle(db: DbOrTx, call: ThrottledCall, email: string, address: string, now = Date.now()) {
  const rules = throttleRules(call, email, address);
  const keys = rules.map((r) => r.key);
  const windowStart = new Date(throttleWindow(now).start);
  return {
    async check() {
      const hits = await hitsInWindow(db, keys, windowStart);
      orThrow(decideThrottle(rules, (key) => hits.get(key) ?? 0, now));
    },
    async hit() {
      await countHits(db, keys, windowStart);
      // Now and then one caller sweeps the old windows.
      if (Math.random() < 0.02) await dropHitsBefore(db, new Date(now - 24 * 3_600_000));
    },
  };
}
