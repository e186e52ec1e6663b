import { problems } from './problems';

/**
 * Sends that never duplicate (issue 47). A client that may send a write twice (a queued
 * complaint sent again after its answer was lost) names it with an `Idempotency-Key`; the
 * back end keeps the key with what the write made, per user, for a day. The same request
 * under the same key is answered with the first answer and writes nothing; another request
 * under a used key is refused. A refusal keeps nothing: the write did not happen, so sending it
 * again (changed or not) tries again.
 */

/** How long a key is kept after its write. */
export const IDEMPOTENCY_KEY_HOURS = 24;

/** A key as clients make them: a UUID, or any 16 to 128 letters, digits, `-` and `_`. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** The header that carries it, and the one that marks an answer given again. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** What a back end kept of a write made under a key. */
export interface KeptWrite<A = unknown> {
  /** What the request was (`requestFingerprint`, hashed by the back end). */
  fingerprint: string;
  keptAt: Date;
  /** The first answer's status and body. */
  status: number;
  answer: A;
}

export type IdempotencyDecision<A> = { kind: 'write' } | { kind: 'replay'; kept: KeptWrite<A> };

/** The key of a request, checked: none (the request is written as it comes), or one of the pattern's; else 400. */
export function idempotencyKeyOf(header: string | string[] | undefined | null): string | null {
  if (header === undefined || header === null) return null;
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw problems.idempotencyKeyMalformed();
  return key;
}

/** Whether a kept write still holds its key at `now`. */
export const stillKept = (kept: Pick<KeptWrite, 'keptAt'>, now: Date) =>
  now.getTime() - kept.keptAt.getTime() < IDEMPOTENCY_KEY_HOURS * 3_600_000;

/**
 * A request under a key: written when the key is new (or its day is over); answered again
 * when it is the request the key was first used for; refused (422) when it is another.
 */
export function decideIdempotentRequest<A>(kept: KeptWrite<A> | undefined, fingerprint: string, now: Date): IdempotencyDecision<A> {
  if (!kept || !stillKept(kept, now)) return { kind: 'write' };
  if (kept.fingerprint !== fingerprint) throw problems.idempotencyKeyReused();
  return { kind: 'replay', kept };
}

/**
 * What makes two requests the same one: the operation, and the body as JSON with its keys in
 * order (so a client that builds the object again in another order sends the same request).
 * Uploads name their bytes by their SHA-256 instead of the body. The back end hashes this.
 */
export function requestFingerprint(operation: string, body: unknown): string {
  return `${operation}\n${canonicalJson(body)}`;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
