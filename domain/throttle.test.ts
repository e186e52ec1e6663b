import { describe, expect, it } from 'vitest';
import {
  decideThrottle,
  THROTTLE_DELAY_MS,
  THROTTLE_LIMITS,
  THROTTLE_WINDOW_MS,
  throttledAddressOf,
  throttleRules,
  throttleWindow,
  type ThrottleRule,
} from './throttle';

const NOW = Date.UTC(2025, 5, 2, 9, 20, 30);
const ATTACKER = '203.0.113.9';

/** Counters as a store would hold them: hits per key. */
const decide = (rules: ThrottleRule[], hits: Record<string, number>) => decideThrottle(rules, (rule) => hits[rule.key] ?? 0, NOW);
const keyOf = (rules: ThrottleRule[], scope: string) => rules.find((rule) => rule.key.includes(`:${scope}:`))!.key;

describe('throttleRules', () => {
  it('counts a failure bucket per account and address, per address, and per account, each with its own window', () => {
    const rules = throttleRules('password', 'Ana@Example.com', ATTACKER);
    expect(rules).toEqual([
      { key: `password:accountAddress:ana@example.com|${ATTACKER}`, limit: 5, windowMs: 15 * 60_000, over: 'refuse' },
      { key: `password:address:${ATTACKER}`, limit: 50, windowMs: 15 * 60_000, over: 'refuse' },
      { key: 'password:account:ana@example.com', limit: 100, windowMs: 60 * 60_000, over: 'delay' },
    ]);
  });

  it('keeps passwords, sign-in codes and reset codes apart', () => {
    const keys = (['password', 'secondFactorCode', 'resetCode'] as const).flatMap((call) =>
      throttleRules(call, 'ana@example.com', ATTACKER).map((rule) => rule.key),
    );
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('still refuses a mail-sending call per account: every request mails it', () => {
    expect(throttleRules('codeRequest', 'ana@example.com', ATTACKER).map(({ key, limit, over }) => ({ key, limit, over }))).toEqual([
      { key: 'codeRequest:account:ana@example.com', limit: 5, over: 'refuse' },
      { key: `codeRequest:address:${ATTACKER}`, limit: 20, over: 'refuse' },
    ]);
  });

  it('makes every window a whole number of the shortest, so their edges meet', () => {
    for (const limits of Object.values(THROTTLE_LIMITS))
      for (const { windowMs } of Object.values(limits)) expect(windowMs % THROTTLE_WINDOW_MS).toBe(0);
  });
});

describe('throttledAddressOf', () => {
  it.each([
    ['192.0.2.7', '192.0.2.7'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0:0:0:1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:1:2::', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::192.0.2.7', '64:ff9b:0:0::/64'],
  ])('keys %s on %s', (address, key) => {
    expect(throttledAddressOf(address)).toBe(key);
  });

  it('counts the addresses of one /64 as one', () => {
    const a = throttleRules('password', 'ana@example.com', '2001:db8:1:2::a');
    const b = throttleRules('password', 'ana@example.com', '2001:db8:1:2:ffff::b');
    expect(a).toEqual(b);
  });
});

describe('decideThrottle', () => {
  const rules = throttleRules('password', 'ana@example.com', ATTACKER);
  const pair = keyOf(rules, 'accountAddress');
  const address = keyOf(rules, 'address');
  const account = keyOf(rules, 'account');

  it('allows at once below every limit', () => {
    expect(decide(rules, { [pair]: 4, [address]: 49, [account]: 99 })).toEqual({ ok: true, value: { delayMs: 0 } });
  });

  it('refuses an account from an address that reached its limit, with the seconds to the window’s end', () => {
    const decision = decide(rules, { [pair]: 5 });
    expect(decision.ok).toBe(false);
    if (decision.ok) return;
    expect(decision.problem.problem).toMatchObject({ status: 429, retryAfter: throttleWindow(NOW).retryAfter });
    expect(throttleWindow(NOW).retryAfter).toBe(9 * 60 + 30);
  });

  it('refuses an address that failed on many accounts, whatever the account', () => {
    expect(decide(rules, { [address]: 50 }).ok).toBe(false);
  });

  it('only slows an account that failed from many addresses: the owner elsewhere is let in after the delay', () => {
    expect(decide(rules, { [account]: 100 })).toEqual({ ok: true, value: { delayMs: THROTTLE_DELAY_MS } });
    expect(decide(rules, { [account]: 10_000 })).toEqual({ ok: true, value: { delayMs: THROTTLE_DELAY_MS } });
  });

  it('refuses rather than delays when both are reached', () => {
    expect(decide(rules, { [account]: 100, [pair]: 5 }).ok).toBe(false);
  });
});

describe('throttleWindow', () => {
  it('starts each rule’s window at a multiple of its length', () => {
    expect(throttleWindow(NOW)).toEqual({ start: Date.UTC(2025, 5, 2, 9, 15), retryAfter: 570 });
    expect(throttleWindow(NOW, 60 * 60_000)).toEqual({ start: Date.UTC(2025, 5, 2, 9), retryAfter: 39 * 60 + 30 });
  });
});
