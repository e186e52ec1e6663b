import { isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { files, mailOutbox } from '../db/schema';

/** Messages of the outbox not sent yet (failed ones included: they wait to be sent again). */
export async function mailOutboxUnsent(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox).where(isNull(mailOutbox.sentAt));
  return row?.n ?? 0;
}

/** The uploaded originals kept: how many, and their bytes. */
export async function storedUploads(db: Db): Promise<{ files: number; bytes: number }> {
  const [row] = await db
    .select({ files: sql<number>`count(*)::int`, bytes: sql<string>`coalesce(sum(${files.sizeBytes}), 0)::text` })
    .from(files);
  return { files: row?.files ?? 0, bytes: Number(row?.bytes ?? 0) };
}
