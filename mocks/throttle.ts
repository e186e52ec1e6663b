import { decideThrottle, orThrow, throttleRules, throttleWindow, type ThrottledCall } from '@domain';
import { MOCK_CLIENT_ADDRESS } from './audit';
import { mockDb, type MockDbState } from './db';

/** The counters of one call, as the server keeps them in PostgreSQL: `check` throws the 429, `hit` counts. */
export function throttle(call: ThrottledCall, email: string, now = Date.now()) {
  const rules = throttleRules(call, email, MOCK_CLIENT_ADDRESS);
  const { start } = throttleWindow(now);
  return {
    check() {
      const counters = mockDb().throttle;
      orThrow(decideThrottle(rules, (key) => (counters[key]?.windowStart === start ? counters[key].hits : 0), now));
    },
    hit(db: MockDbState) {
      for (const { key } of rules) {
        const hits = db.throttle[key]?.windowStart === start ? db.throttle[key].hits : 0;
        db.throttle[key] = { windowStart: start, hits: hits + 1 };
      }
    },
  };
}
