import { allow, problems, refuse, type Decision } from './problems';

/** Counters live in fixed windows of this length (docs/account-rules.md). */
export const THROTTLE_WINDOW_MS = 15 * 60_000;

/** Limits per window: per account (the lower-cased e-mail) and per client address. */
export const THROTTLE_LIMITS = {
  /** Failed sign-ins. */
  signIn: { account: 5, address: 50 },
  /** Requests for a password-reset code, every one counted. */
  codeRequest: { account: 5, address: 20 },
  /** Registrations, every one counted: each sends a mail to the address. */
  register: { account: 5, address: 20 },
  /** Wrong one-time codes. */
  codeTry: { account: 10, address: 30 },
} as const;
export type ThrottledCall = keyof typeof THROTTLE_LIMITS;

/** One counter and its limit per window, e.g. `{ key: 'signIn:account:ana@example.com', limit: 5 }`. */
export interface ThrottleRule {
  key: string;
  limit: number;
}

export function throttleRules(call: ThrottledCall, email: string, address: string): ThrottleRule[] {
  return [
    { key: `${call}:account:${email.toLowerCase()}`, limit: THROTTLE_LIMITS[call].account },
    { key: `${call}:address:${address}`, limit: THROTTLE_LIMITS[call].address },
  ];
}

/** The window `now` falls in, and the seconds until it ends. */
export function throttleWindow(now: number) {
  const start = Math.floor(now / THROTTLE_WINDOW_MS) * THROTTLE_WINDOW_MS;
  return { start, retryAfter: Math.max(1, Math.ceil((start + THROTTLE_WINDOW_MS - now) / 1000)) };
}

/** 429 once any counter of this window has reached its limit; the call changes nothing then. */
export function decideThrottle(rules: readonly ThrottleRule[], hitsOf: (key: string) => number, now: number): Decision {
  const over = rules.some((rule) => hitsOf(rule.key) >= rule.limit);
  return over ? refuse(problems.throttled(throttleWindow(now).retryAfter)) : allow();
}
