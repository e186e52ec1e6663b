import { problemTypes } from '@contract';
import { mockDb, type MockDbState } from './db';
import { typedProblem } from './problem';

/** docs/account-rules.md: counters live in fixed 15-minute windows. */
export const THROTTLE_WINDOW_MS = 15 * 60_000;

/**
 * One counter and its limit per window. The mocks know no client addresses, so they only
 * count per account (the lower-cased e-mail).
 */
export interface ThrottleRule {
  key: string;
  limit: number;
}

export function accountThrottle(call: string, email: string, limit: number): ThrottleRule {
  return { key: `${call}:${email.toLowerCase()}`, limit };
}

function windowStart(now: number): number {
  return Math.floor(now / THROTTLE_WINDOW_MS) * THROTTLE_WINDOW_MS;
}

/** Throws the 429 answer once the counter has reached its limit in this window; counts nothing. */
export function checkThrottle({ key, limit }: ThrottleRule, now = Date.now()): void {
  const counter = mockDb().throttle[key];
  const start = windowStart(now);
  if (counter?.windowStart !== start || counter.hits < limit) return;
  const retryAfter = Math.max(1, Math.ceil((start + THROTTLE_WINDOW_MS - now) / 1000));
  const minutes = Math.ceil(retryAfter / 60);
  throw typedProblem(429, problemTypes.throttled, 'Too many attempts', {
    detail: `Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    retryAfter,
    headers: { 'Retry-After': String(retryAfter) },
  });
}

/** Counts one hit, as part of the caller's change of the mock db. */
export function countThrottleHit(db: MockDbState, { key }: ThrottleRule, now = Date.now()): void {
  const start = windowStart(now);
  const counter = db.throttle[key];
  const hits = counter?.windowStart === start ? counter.hits : 0;
  db.throttle[key] = { windowStart: start, hits: hits + 1 };
}
