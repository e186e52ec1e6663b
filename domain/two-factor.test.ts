import { describe, expect, it } from 'vitest';
import {
  isFreshTotpStep,
  isRecoveryCodeShaped,
  normalizeRecoveryCode,
  otpauthUrl,
  RECOVERY_CODE_COUNT,
  recoveryCodesFrom,
  requiresSecondFactor,
  totpCodeAt,
  totpSecretFrom,
  totpStepOf,
} from './two-factor';

// RFC 6238 appendix B: the SHA-1 key "12345678901234567890" and its 8-digit codes; ours are the last 6.
const RFC_SECRET = totpSecretFrom(new TextEncoder().encode('12345678901234567890'));
const RFC_CODES: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
];

describe('TOTP', () => {
  it("gives RFC 6238's test codes (their last six digits) at their times", () => {
    for (const [seconds, code] of RFC_CODES) expect(totpCodeAt(RFC_SECRET, seconds * 1000)).toBe(code.slice(-6));
  });

  it('matches a code one step either side of now and names its step; no further, and nothing not six digits', () => {
    const now = 1_800_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(totpStepOf(RFC_SECRET, totpCodeAt(RFC_SECRET, now), now)).toBe(step);
    expect(totpStepOf(RFC_SECRET, totpCodeAt(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(totpStepOf(RFC_SECRET, totpCodeAt(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
    expect(totpStepOf(RFC_SECRET, totpCodeAt(RFC_SECRET, now - 60_000), now)).toBeNull();
    expect(totpStepOf(RFC_SECRET, totpCodeAt(RFC_SECRET, now + 60_000), now)).toBeNull();
    expect(totpStepOf(RFC_SECRET, ` ${totpCodeAt(RFC_SECRET, now)}`, now)).toBeNull();
    expect(totpStepOf(RFC_SECRET, '12345', now)).toBeNull();
  });

  it('counts a step once: only one later than the last used', () => {
    expect(isFreshTotpStep(100, null)).toBe(true);
    expect(isFreshTotpStep(101, 100)).toBe(true);
    expect(isFreshTotpStep(100, 100)).toBe(false);
    expect(isFreshTotpStep(99, 100)).toBe(false);
    expect(isFreshTotpStep(null, null)).toBe(false);
  });

  it('makes 160-bit secrets and an otpauth address that apps read', () => {
    const secret = totpSecretFrom(new Uint8Array(20).fill(255));
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(() => totpSecretFrom(new Uint8Array(19))).toThrow();
    const url = new URL(otpauthUrl(secret, 'nadia@example.com'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Complaint Desk:nadia@example.com');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      secret,
      issuer: 'Complaint Desk',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

describe('recovery codes', () => {
  it('are ten, read as two groups of five, from the unambiguous alphabet', () => {
    const random = Uint8Array.from({ length: 100 }, (_, i) => (i * 37 + 11) % 256);
    const codes = recoveryCodesFrom(random);
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) {
      expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
      expect(isRecoveryCodeShaped(code)).toBe(true);
    }
    expect(() => recoveryCodesFrom(new Uint8Array(99))).toThrow();
  });

  it('are compared without case, spaces or dashes; anything else is not one', () => {
    expect(normalizeRecoveryCode(' ABCDE-fghjk ')).toBe('abcdefghjk');
    expect(normalizeRecoveryCode('abcde fghjk')).toBe('abcdefghjk');
    expect(isRecoveryCodeShaped('ABCDE FGHJK')).toBe(true);
    expect(isRecoveryCodeShaped('abcde-fghj0')).toBe(false);
    expect(isRecoveryCodeShaped('abcde-fghj')).toBe(false);
    expect(isRecoveryCodeShaped('123456')).toBe(false);
  });
});

describe('who must have a second factor', () => {
  it('is whoever may change the privilege matrix', () => {
    expect(requiresSecondFactor({ 'manage-user/matrix-privilage': ['view', 'update'] })).toBe(true);
    expect(requiresSecondFactor({ 'manage-user/matrix-privilage': ['view'] })).toBe(false);
    expect(requiresSecondFactor({ 'manage-complaint/complaint': ['view', 'update'] })).toBe(false);
    expect(requiresSecondFactor({})).toBe(false);
  });
});
