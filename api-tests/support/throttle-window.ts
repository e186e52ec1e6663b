import { THROTTLE_WINDOW_MS } from '../../domain/throttle';

/** The longest a throttling test takes from its first counted call to its refusal, with room. */
const ROOM_MS = 30_000;

/**
 * Throttle counters live in fixed windows (domain/throttle.ts): a test whose calls straddle a
 * window's end sees its count start again and the refusal never come (a CI run met one at
 * 02:00:00). Waits, when the current window has less than 30 s left, for the next one. The
 * longer windows (an hour) are whole numbers of this one, so this keeps away from their edges too.
 */
export async function awayFromThrottleWindowEdge() {
  const left = THROTTLE_WINDOW_MS - (Date.now() % THROTTLE_WINDOW_MS);
  if (left < ROOM_MS) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** The timeout of a hook or test that may wait for the next window. */
export const THROTTLE_WAIT_TIMEOUT_MS = ROOM_MS + 30_000;
