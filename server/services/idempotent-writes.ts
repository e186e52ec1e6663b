import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  decideIdempotentRequest,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyKeyOf,
  type KeptWrite,
  requestFingerprint,
} from '../../domain/idempotency';
import type { Db, DbOrTx, Tx } from '../db/client';
import { idempotentWrites } from '../db/schema';

/** A write under a key: its user, the key, and the request's fingerprint hashed. */
interface Keyed {
  userId: number;
  key: string;
  fingerprint: string;
}

/** The key a request carries (400 when it is not one), with the request's fingerprint; null without a key. */
export function keyedRequest(request: FastifyRequest, userId: number, operation: string, body: unknown): Keyed | null {
  const key = idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER]);
  if (key === null) return null;
  return { userId, key, fingerprint: createHash('sha256').update(requestFingerprint(operation, body)).digest('hex') };
}

type Kept = KeptWrite & { madeId: string };

async function keptUnder(db: DbOrTx, { userId, key }: Keyed): Promise<Kept | undefined> {
  const [row] = await db
    .select()
    .from(idempotentWrites)
    .where(keyOf({ userId, key, fingerprint: '' }));
  return row && { fingerprint: row.fingerprint, keptAt: row.keptAt, status: row.status, answer: row.answer, madeId: row.madeId };
}

/** A keyed write's parts: what is made before the transaction, the transaction's writing, and the answer. */
interface OnceWrite<P, M extends { madeId: string | number }> {
  status: number;
  /** Work done before the transaction and outside it (decoding and storing a photo); only once the key is known new. */
  prepare?: () => Promise<P>;
  write: (tx: Tx, prepared: P) => Promise<M>;
  /** Undoes `prepare` when its write is not made (refused, or another request under the key made it). */
  discard?: (prepared: P) => Promise<void>;
  /** The answer's body for what was made, read after the commit. */
  answerOf: (made: { madeId: string }) => Promise<unknown>;
}

/**
 * The write a request names by its key, as load → decide → store around the write itself:
 * a request already written is answered again (the first answer; or, if that was never kept,
 * `answerOf` what it made) and writes nothing; another request under a used key is refused
 * (422). Else `write` runs in a transaction whose first statement takes the key: a second
 * request under it meanwhile waits for that transaction, then is answered as the first was.
 * The key is kept only with a write that committed; a refusal keeps nothing. Without a key,
 * the write is made as it comes. Sends the answer; answers what was made, if it was.
 */
export async function writeOnce<P, M extends { madeId: string | number }>(
  db: Db,
  reply: FastifyReply,
  keyed: Keyed | null,
  { status, prepare, write, discard, answerOf }: OnceWrite<P, M>,
): Promise<M | null> {
  const replay = async (kept: Kept) => {
    reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    await reply.code(kept.status).send(kept.answer ?? (await answerOf({ madeId: kept.madeId })));
    return null;
  };
  const keptNow = async (keyed: Keyed) => decideIdempotentRequest(await keptUnder(db, keyed), keyed.fingerprint, new Date());
  if (keyed) {
    const decided = await keptNow(keyed);
    if (decided.kind === 'replay') return replay(decided.kept as Kept);
  }
  const prepared = (await prepare?.()) as P;
  let made: M | null;
  try {
    made = await db.transaction(async (tx) => {
      if (keyed && !(await takeKey(tx, keyed))) return null;
      const made = await write(tx, prepared);
      if (keyed)
        await tx
          .update(idempotentWrites)
          .set({ status, madeId: String(made.madeId) })
          .where(keyOf(keyed));
      return made;
    });
  } catch (error) {
    await discard?.(prepared);
    throw error;
  }
  if (made === null) {
    // Another request under the key committed while this one waited for it.
    await discard?.(prepared);
    const decided = await keptNow(keyed!);
    if (decided.kind === 'replay') return replay(decided.kept as Kept);
    throw new Error('an idempotency key taken by a write that is not kept');
  }
  const answer = await answerOf({ madeId: String(made.madeId) });
  // The first answer, kept for the requests that come again; were it lost, they are answered from what was made.
  if (keyed) await db.update(idempotentWrites).set({ answer }).where(keyOf(keyed));
  await reply.code(status).send(answer);
  return made;
}

const keyOf = ({ userId, key }: Keyed) => and(eq(idempotentWrites.userId, userId), eq(idempotentWrites.key, key));

/**
 * Takes the key for this transaction's write: a new key, or one whose day is over. False when
 * a write under it is kept (committed by another request while this one waited on its row).
 */
async function takeKey(tx: Tx, { userId, key, fingerprint }: Keyed): Promise<boolean> {
  const taken = await tx
    .insert(idempotentWrites)
    .values({ userId, key, fingerprint, status: 0, madeId: '' })
    .onConflictDoUpdate({
      target: [idempotentWrites.userId, idempotentWrites.key],
      set: { fingerprint, status: 0, madeId: '', answer: null, keptAt: sql`now()` },
      setWhere: lt(idempotentWrites.keptAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`),
    })
    .returning({ userId: idempotentWrites.userId });
  return taken.length === 1;
}

/** Forgets the keys whose day is over (the scheduled clean-up); answers how many. */
export async function forgetOldKeys(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - IDEMPOTENCY_KEY_HOURS * 3_600_000);
  const gone = await db.delete(idempotentWrites).where(lt(idempotentWrites.keptAt, before)).returning({ key: idempotentWrites.key });
  return gone.length;
}
