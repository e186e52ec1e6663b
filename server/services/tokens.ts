import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

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
