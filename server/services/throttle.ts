import { setTimeout as sleep } from 'node:timers/promises';
import { orThrow } from '../../domain/problems';
import { decideThrottle, throttleRules, throttleWindow, type ThrottleBucket } from '../../domain/throttle';
import type { DbOrTx } from '../db/client';
import { countHits, dropHitsBefore, hitsInWindows } from '../repositories/throttle';

/**
 * The counters of one throttled call, in PostgreSQL. `check` throws the 429 once a refusing
 * counter has reached its limit, and waits first when only a delaying one has; `hit` counts one
 * more. Kept apart so a call can count only its failures (sign-in) or every request (asking for
 * a code). Called outside a transaction, as every caller does, the wait holds no connection.
 */
export function throttle(db: DbOrTx, call: ThrottleBucket, email: string, address: string, now = Date.now()) {
  const counters = throttleRules(call, email, address).map((rule) => ({
    ...rule,
    windowStart: new Date(throttleWindow(now, rule.windowMs).start),
  }));
  return {
    async check() {
      const hits = await hitsInWindows(db, counters);
      const { delayMs } = orThrow(decideThrottle(counters, ({ key }) => hits.get(key) ?? 0, now));
      if (delayMs > 0) await sleep(delayMs);
    },
    async hit() {
      await countHits(db, counters);
      // Now and then one caller sweeps the old windows.
      if (Math.random() < 0.02) await dropHitsBefore(db, new Date(now - 24 * 3_600_000));
    },
  };
}
