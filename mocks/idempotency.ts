import { HttpResponse, type JsonBodyType } from 'msw';
import {
  decideIdempotentRequest,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyKeyOf,
  type KeptWrite,
  requestFingerprint,
} from '@domain';
import { mockDb, updateMockDb } from './db';
import { sha256Hex } from './digest';

/** Writes under way by `userId:key`: a second request under the key waits for the first (the server's row lock). */
const underWay = new Map<string, Promise<unknown>>();

/**
 * A write that may be named by an `Idempotency-Key` (domain/idempotency.ts), as the server's
 * `writeOnce` does it: the same request again is answered with the first answer and writes
 * nothing, another request under a used key is refused (422), a refusal keeps nothing.
 */
export async function writeOnce(
  request: Request,
  userId: number,
  operation: string,
  body: unknown,
  write: () => Promise<Response> | Response,
): Promise<Response> {
  const key = idempotencyKeyOf(request.headers.get(IDEMPOTENCY_KEY_HEADER));
  if (key === null) return write();
  const fingerprint = await sha256Hex(requestFingerprint(operation, body));
  const id = `${userId}:${key}`;
  while (underWay.has(id)) await underWay.get(id)!.catch(() => undefined);
  const decided = decideIdempotentRequest(keptUnder(id), fingerprint, new Date());
  if (decided.kind === 'replay') {
    const { status, answer } = decided.kept;
    return HttpResponse.json(answer as JsonBodyType, { status, headers: { [IDEMPOTENT_REPLAYED_HEADER]: 'true' } });
  }
  const writing = (async () => {
    const response = await write();
    if (response.ok) {
      const answer = (await response.clone().json()) as unknown;
      updateMockDb((db) => {
        db.idempotentWrites[id] = { fingerprint, keptAt: new Date().toISOString(), status: response.status, answer };
      });
    }
    return response;
  })();
  underWay.set(id, writing);
  try {
    return await writing;
  } finally {
    underWay.delete(id);
  }
}

function keptUnder(id: string): KeptWrite | undefined {
  const kept = mockDb().idempotentWrites[id];
  return kept && { ...kept, keptAt: new Date(kept.keptAt) };
}
