import { and, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { ImageContentType } from '../../contract/account-rules';
import type { PhotoMetadata } from '../../contract/evidence';
import { dhashBands as bandsOf, isTellingDhash } from '../../domain/evidence';
import type { DbOrTx, Tx } from '../db/client';
import { complaintAttachments, files, users } from '../db/schema';

/** Advisory lock keys (the two-key form): one user's uploads, by user id. */
const UPLOADS_OF_USER_LOCK = 0x75706c64; // 'upld'
/** Advisory lock key (the one-key form, a space of its own): the clean-up of unattached uploads. */
const UNATTACHED_CLEANUP_LOCK = 0x7570_6c64_636c; // 'upldcl'

export async function insertFile(
  db: DbOrTx,
  values: {
    ownerId: number;
    storageName: string;
    contentType: ImageContentType;
    sizeBytes: number;
    sha256: string;
    /** What the original says about itself, and its difference hash (issue 35). */
    metadata: PhotoMetadata;
    dhash: string | null;
  },
) {
  // A flat picture's hash tells nothing apart: not indexed, so it is never looked up as near another.
  const dhashBands = isTellingDhash(values.dhash) ? bandsOf(values.dhash) : null;
  const [row] = await db
    .insert(files)
    .values({ ...values, dhashBands })
    .returning({ id: files.id });
  return row!.id;
}

export async function findFile(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ storageName: files.storageName, contentType: files.contentType, sha256: files.sha256, sizeBytes: files.sizeBytes })
    .from(files)
    .where(eq(files.id, id));
  return row ?? null;
}

/**
 * Whether the caller uploaded this file; the row then stays until the transaction ends: the
 * clean-up deleting it waits (or, already deleting it, is waited for, and the file is gone).
 */
export async function isOwnUpload(tx: Tx, fileId: string, ownerId: number) {
  const [row] = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.ownerId, ownerId)))
    .for('key share');
  return row !== undefined;
}

/** Shown by nothing: no complaint's or justification's image, nobody's avatar. */
const unattached = (db: DbOrTx) =>
  and(
    notExists(db.select({ one: sql`1` }).from(complaintAttachments).where(eq(complaintAttachments.fileId, files.id))),
    notExists(db.select({ one: sql`1` }).from(users).where(eq(users.imageFileId, files.id))),
  );

/**
 * Until the transaction ends, the user's other uploads wait here: two at once cannot both
 * count the same room under the quota.
 */
export async function lockUploadsOf(tx: Tx, ownerId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${UPLOADS_OF_USER_LOCK}, ${ownerId})`);
}

/** The bytes of the user's uploads that nothing shows yet. */
export async function unattachedBytesOf(db: DbOrTx, ownerId: number): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${files.sizeBytes}), 0)` })
    .from(files)
    .where(and(eq(files.ownerId, ownerId), unattached(db)));
  return Number(row!.bytes);
}

/**
 * The clean-up's lock, held until the transaction ends; false when another process holds it.
 * Transaction-level, so a process that dies mid-run lets go of it with its connection.
 */
export async function tryUnattachedCleanupLock(tx: Tx): Promise<boolean> {
  const { rows } = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${UNATTACHED_CLEANUP_LOCK}) as locked`);
  return rows[0]!.locked;
}

/**
 * Deletes the uploads that came before `before` and that nothing shows; answers their storage
 * names. One being attached right now (its row locked) is left for the next run.
 */
export async function deleteUnattachedBefore(tx: Tx, before: Date): Promise<string[]> {
  const due = tx
    .select({ id: files.id })
    .from(files)
    .where(and(lt(files.createdAt, before), unattached(tx)))
    .for('update', { skipLocked: true });
  const rows = await tx.delete(files).where(inArray(files.id, due)).returning({ storageName: files.storageName });
  return rows.map((row) => row.storageName);
}

/** Every file's storage name (the test reset forgets the uploads it drops). */
export async function allStorageNames(db: DbOrTx): Promise<string[]> {
  return (await db.select({ storageName: files.storageName }).from(files)).map((row) => row.storageName);
}
