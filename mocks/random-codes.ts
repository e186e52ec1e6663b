import { OTP_LENGTH } from '@contract';
import { toBase64 } from './base64';

// Secrets come from crypto.getRandomValues, never Math.random: QA may copy links and codes,
// but should never be able to guess them.

const randomBytes = (length: number) => crypto.getRandomValues(new Uint8Array(length));

/** 32 random bytes, base64url: an activation code, a reset token or a session token. */
export const randomToken = () => toBase64(randomBytes(32)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A one-time code of OTP_LENGTH digits, leading zeros allowed, every value equally likely. */
export function randomDigits(): string {
  const range = 10 ** OTP_LENGTH;
  const unbiasedBelow = Math.floor(2 ** 32 / range) * range;
  for (;;) {
    const [value = unbiasedBelow] = crypto.getRandomValues(new Uint32Array(1));
    if (value < unbiasedBelow) return String(value % range).padStart(OTP_LENGTH, '0');
  }
}

/** A version 4 UUID; `crypto.randomUUID` needs a secure context, which a QA host may not be. */
export function randomUuid(): string {
  const bytes = randomBytes(16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
