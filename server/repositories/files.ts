import { and, eq } from 'drizzle-orm';
import type { ImageContentType } from '../../contract/account-rules';
import type { DbOrTx } from '../db/client';
import { files } from '../db/schema';

export async function insertFile(db: DbOrTx, values: { ownerId: number; storageName: string; contentType: ImageContentType; sizeBytes: number; sha256: string }) {
  const [row] = await db.insert(files).values(values).returning({ id: files.id });
  return row!.id;
}

export async function findFile(db: DbOrTx, id: string) {
  const [row] = await db.select({ storageName: files.storageName, contentType: files.contentType, sha256: files.sha256 }).from(files).where(eq(files.id, id));
  return row ?? null;
}

export async function isOwnUpload(db: DbOrTx, fileId: string, ownerId: number) {
  const [row] = await db.select({ id: files.id }).from(files).where(and(eq(files.id, fileId), eq(files.ownerId, ownerId)));
  return row !== undefined;
}
