import { decideThrottle, orThrow, throttleRules, throttleWindow, type ThrottleBucket } from '@domain';
import { clientAddressOf } from './client-address';
import { mockDb, type MockDbState } from './db';

/**
 * The counters of one call, as the server keeps them in PostgreSQL. `check` throws the 429 at
 * once, and answers the wait a delaying counter asks for (await it); `hit` counts.
 */
export function throttle(call: ThrottleBucket, email: string, request: Request, now = Date.now()) {
  const counters = throttleRules(call, email, clientAddressOf(request)).map((rule) => ({
    ...rule,
    windowStart: throttleWindow(now, rule.windowMs).start,
  }));
  const hitsIn = (db: Readonly<MockDbState>, { key, windowStart }: (typeof counters)[number]) =>
    db.throttle[key]?.windowStart === windowStart ? db.throttle[key].hits : 0;
  return {
    // Not async: the 429 is thrown at once, so a caller that does not await the wait is still refused.
    check(): Promise<void> {
      const db = mockDb();
      const { delayMs } = orThrow(decideThrottle(counters, (counter) => hitsIn(db, counter), now));
      return delayMs > 0 ? new Promise((resolve) => setTimeout(resolve, delayMs)) : Promise.resolve();
    },
    hit(db: MockDbState) {
      for (const counter of counters) db.throttle[counter.key] = { windowStart: counter.windowStart, hits: hitsIn(db, counter) + 1 };
    },
  };
}
