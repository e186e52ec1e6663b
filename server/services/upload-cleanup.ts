import type { FastifyBaseLogger } from 'fastify';
import { unattachedUploadsDueBefore, type UploadAllowance } from '../../domain/files';
import type { Db } from '../db/client';
import { deleteUnattachedBefore, tryUnattachedCleanupLock } from '../repositories/files';
import type { FileStore } from './file-store';
import { forgetOldKeys } from './idempotent-writes';

/**
 * One clean-up of the uploads nothing took within the allowance's hours: their rows, then
 * their originals and WebP copies on disk. Answers how many went, or null when another
 * process (or another run of this one) holds the clean-up's lock and so does the work.
 */
export async function clearUnattachedUploads(
  db: Db,
  store: FileStore,
  allowance: UploadAllowance,
  now = new Date(),
): Promise<number | null> {
  const storageNames = await db.transaction(async (tx) => {
    if (!(await tryUnattachedCleanupLock(tx))) return null;
    return deleteUnattachedBefore(tx, unattachedUploadsDueBefore(now, allowance));
  });
  if (storageNames === null) return null;
  // Only once the rows are gone for good: a file on disk no row names is waste, a row without its file a broken image.
  await store.remove(storageNames);
  return storageNames.length;
}

/**
 * Runs the clean-up now and every `everyMinutes` in this process (old idempotency keys too); with WORKERS=n every process
 * does, and the lock lets one work at a time. Answers the stop, which waits for a run under way.
 */
export function scheduleUploadCleanup({
  db,
  store,
  allowance,
  everyMinutes,
  log,
}: {
  db: Db;
  store: FileStore;
  allowance: UploadAllowance;
  everyMinutes: number;
  log: FastifyBaseLogger;
}): () => Promise<void> {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= Promise.all([
      clearUnattachedUploads(db, store, allowance).then(
        (removed) => void (removed && log.info({ removed }, 'unattached uploads deleted')),
        (error: unknown) => log.error({ err: error }, 'deleting unattached uploads failed; trying again next time'),
      ),
      // Idempotency keys past their day (issue 47) go with the same round.
      forgetOldKeys(db).then(
        (forgotten) => void (forgotten && log.info({ forgotten }, 'idempotency keys past their day deleted')),
        (error: unknown) => log.error({ err: error }, 'deleting old idempotency keys failed; trying again next time'),
      ),
    ])
      .then(() => undefined)
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, everyMinutes * 60_000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
