import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An unguessable bearer token; only its hash is ever stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string | Uint8Array): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmac(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A one-time code of `length` digits, e.g. "042917". */
export function newDigits(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

/** A one-time code is kept as `salt$sha256(salt + code)`: six digits are never stored as such. */
export function hashOneTimeCode(code: string, salt = newToken().slice(0, 16)) {
  return `${salt}$${sha256(salt + code)}`;
}

export function oneTimeCodeMatches(stored: string, code: string) {
  const [salt] = stored.split('$');
  return safeEqual(stored, hashOneTimeCode(code, salt));
}
