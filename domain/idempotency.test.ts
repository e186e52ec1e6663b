import { describe, expect, it } from 'vitest';
import { decideIdempotentRequest, idempotencyKeyOf, requestFingerprint } from './idempotency';
import { ProblemError } from './problems';

const NOW = new Date('2026-11-29T10:00:00Z');
const kept = (hoursAgo: number, fingerprint = 'a') => ({
  fingerprint,
  keptAt: new Date(NOW.getTime() - hoursAgo * 3_600_000),
  status: 201,
  answer: { data: { id: 7 } },
});

describe('decideIdempotentRequest', () => {
  it('writes under a new key, and under one whose day is over', () => {
    expect(decideIdempotentRequest(undefined, 'a', NOW)).toEqual({ kind: 'write' });
    expect(decideIdempotentRequest(kept(24), 'b', NOW)).toEqual({ kind: 'write' });
  });

  it('answers the same request again within the day with what was kept', () => {
    expect(decideIdempotentRequest(kept(23.9), 'a', NOW)).toEqual({ kind: 'replay', kept: kept(23.9) });
  });

  it('refuses another request under a key of the day (422)', () => {
    const refuse = () => decideIdempotentRequest(kept(1), 'b', NOW);
    expect(refuse).toThrow(ProblemError);
    try {
      refuse();
    } catch (error) {
      expect((error as ProblemError).problem).toMatchObject({ status: 422, code: 'idempotencyKeyReused' });
    }
  });
});

describe('idempotencyKeyOf', () => {
  it('takes none, a UUID, or 16 to 128 letters, digits, - and _', () => {
    expect(idempotencyKeyOf(undefined)).toBeNull();
    expect(idempotencyKeyOf('0b7d6f0e-3c1a-4e4b-9f55-8e2f4a1c9d21')).toBe('0b7d6f0e-3c1a-4e4b-9f55-8e2f4a1c9d21');
    expect(idempotencyKeyOf('a'.repeat(16))).toBe('a'.repeat(16));
    expect(idempotencyKeyOf('a'.repeat(128))).toBe('a'.repeat(128));
  });

  it.each(['', 'a'.repeat(15), 'a'.repeat(129), 'with spaces in the key', 'k€y-0123456789abcdef'])('refuses %j with 400', (key) => {
    expect(() => idempotencyKeyOf(key)).toThrow(ProblemError);
  });
});

describe('requestFingerprint', () => {
  it('is the same for the same fields in any order, at any depth, undefined fields left out', () => {
    const a = requestFingerprint('createComplaint', { qty: 2, location: 'x', ids: [2, 1], nested: { b: 1, a: 2 } });
    const b = requestFingerprint('createComplaint', { nested: { a: 2, b: 1 }, ids: [2, 1], location: 'x', qty: 2, remark: undefined });
    expect(a).toBe(b);
  });

  it('tells apart other values, another order of a list, and another operation', () => {
    const base = requestFingerprint('createComplaint', { ids: [1, 2], qty: 2 });
    expect(requestFingerprint('createComplaint', { ids: [2, 1], qty: 2 })).not.toBe(base);
    expect(requestFingerprint('createComplaint', { ids: [1, 2], qty: 3 })).not.toBe(base);
    expect(requestFingerprint('createComplaint', { ids: [1, 2], qty: '2' })).not.toBe(base);
    expect(requestFingerprint('uploadFile', { ids: [1, 2], qty: 2 })).not.toBe(base);
  });
});
