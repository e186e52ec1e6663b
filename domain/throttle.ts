import { allow, problems, refuse, type Decision } from './problems';

const MINUTE_MS = 60_000;

/**
 * The shortest window; every other is a whole number of it, so every window's edge is one of
 * its edges (a test away from this edge is away from all: api-tests/support/throttle-window.ts).
 */
export const THROTTLE_WINDOW_MS = 15 * MINUTE_MS;

/** How long each attempt on an account waits once the account's delaying counter is at its limit. */
export const THROTTLE_DELAY_MS = 1_000;

/**
 * Whom a counter counts: one account from one client address, one address whatever the
 * account, or one account from anywhere.
 */
export type ThrottleScope = 'accountAddress' | 'address' | 'account';

/** A counter's limit in its fixed window, and what an attempt meets once it is reached: a 429, or a wait. */
export interface ThrottleLimit {
  limit: number;
  windowMs: number;
  over: 'refuse' | 'delay';
}

const refuseFrom = (limit: number): ThrottleLimit => ({ limit, windowMs: THROTTLE_WINDOW_MS, over: 'refuse' });
const delayFrom = (limit: number): ThrottleLimit => ({ limit, windowMs: 60 * MINUTE_MS, over: 'delay' });

/**
 * The counters of each throttled call (docs/account-rules.md). Failures are refused per
 * account and address, so the attacker's address is stopped and not the owner at theirs; per
 * address whatever the account, against spraying; and per account from anywhere only slowed
 * down, so someone else's failures never refuse the owner (issue 45).
 */
export const THROTTLE_LIMITS = {
  /** Wrong passwords: at sign-in, and the password asked again on the profile. */
  password: { accountAddress: refuseFrom(5), address: refuseFrom(50), account: delayFrom(100) },
  /** Wrong answers to a sign-in challenge, and wrong codes of the app on the profile. */
  secondFactorCode: { accountAddress: refuseFrom(10), address: refuseFrom(30), account: delayFrom(100) },
  /** Wrong password-reset codes (verify-otp). */
  resetCode: { accountAddress: refuseFrom(10), address: refuseFrom(30), account: delayFrom(100) },
  /** Requests for a password-reset code, every one counted: each mails the account, so the account's limit refuses. */
  codeRequest: { account: refuseFrom(5), address: refuseFrom(20) },
  /** Registrations, every one counted: each sends a mail to the address. */
  register: { account: refuseFrom(5), address: refuseFrom(20) },
} as const satisfies Record<string, Partial<Record<ThrottleScope, ThrottleLimit>>>;
export type ThrottleBucket = keyof typeof THROTTLE_LIMITS;

/** One counter and its limit, e.g. `{ key: 'password:accountAddress:ana@example.com|192.0.2.7', limit: 5, … }`. */
export interface ThrottleRule extends ThrottleLimit {
  key: string;
}

/**
 * The address a counter keys on: an IPv6 client by its /64, which one machine is commonly given
 * whole (so it cannot step past its limits address by address); an IPv4-mapped one as IPv4.
 */
export function throttledAddressOf(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.toLowerCase().split('%')[0]!.split('::');
  const groups = head === '' ? [] : head.split(':');
  if (tail !== undefined) {
    const tailGroups = tail === '' ? [] : tail.split(':');
    // A dotted IPv4 tail is two groups.
    const width = tailGroups.length + (tail.includes('.') ? 1 : 0);
    groups.push(...Array<string>(Math.max(0, 8 - groups.length - width)).fill('0'), ...tailGroups);
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export function throttleRules(bucket: ThrottleBucket, email: string, address: string): ThrottleRule[] {
  const account = email.toLowerCase();
  const client = throttledAddressOf(address);
  const whom: Record<ThrottleScope, string> = { accountAddress: `${account}|${client}`, address: client, account };
  const limits: Partial<Record<ThrottleScope, ThrottleLimit>> = THROTTLE_LIMITS[bucket];
  return (Object.keys(limits) as ThrottleScope[]).map((scope) => ({ key: `${bucket}:${scope}:${whom[scope]}`, ...limits[scope]! }));
}

/** The window of this length `now` falls in (its start is the counter's second key), and the seconds until it ends. */
export function throttleWindow(now: number, windowMs: number = THROTTLE_WINDOW_MS) {
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, retryAfter: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) };
}

/**
 * 429 once a refusing counter of its current window has reached its limit (the call changes
 * nothing then); otherwise allowed, after `delayMs` when a delaying counter has reached its.
 */
export function decideThrottle<R extends ThrottleRule>(
  rules: readonly R[],
  hitsOf: (rule: R) => number,
  now: number,
): Decision<{ delayMs: number }> {
  const reached = rules.filter((rule) => hitsOf(rule) >= rule.limit);
  const refusing = reached.filter((rule) => rule.over === 'refuse');
  if (refusing.length > 0)
    return refuse(problems.throttled(Math.max(...refusing.map((rule) => throttleWindow(now, rule.windowMs).retryAfter))));
  return allow({ delayMs: reached.length > 0 ? THROTTLE_DELAY_MS : 0 });
}
