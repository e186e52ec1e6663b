import { buffer } from 'node:stream/consumers';
import type { Storage } from './storage';
import { sha256 } from './tokens';

export interface CopyReport {
  copied: number;
  /** Already in the destination with the same SHA-256 (a run again after an interruption). */
  alreadyThere: number;
  bytes: number;
  /** Keys whose bytes read back from the destination did not hash as the source's did, or failed to copy. */
  failed: { key: string; reason: string }[];
}

/**
 * Copies every object of `from` into `to` (`npm run files:migrate`, a backup's files, a restore),
 * then reads each back from `to` and compares its SHA-256 with the source's: a copy is counted
 * only once its bytes are proven the same. `concurrency` objects at a time; `onProgress` after each.
 */
export async function copyStorage(
  from: Storage,
  to: Storage,
  { concurrency = 8, onProgress }: { concurrency?: number; onProgress?: (report: CopyReport) => void } = {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, alreadyThere: 0, bytes: 0, failed: [] };

  async function copyOne(key: string) {
    try {
      const source = await from.read(key);
      if (!source) throw new Error('gone from the source while copying');
      const bytes = await buffer(source);
      const hash = sha256(bytes);
      const existing = await to.read(key);
      if (existing && sha256(await buffer(existing)) === hash) {
        report.alreadyThere++;
        return;
      }
      await to.put(key, bytes, contentTypeOf(key));
      const back = await to.read(key);
      const backHash = back ? sha256(await buffer(back)) : 'nothing';
      if (backHash !== hash) throw new Error(`read back with SHA-256 ${backHash}, not ${hash}`);
      report.copied++;
      report.bytes += bytes.length;
    } catch (error) {
      report.failed.push({ key, reason: (error as Error).message });
    } finally {
      onProgress?.(report);
    }
  }

  // A few copies under way at once; the listing is read as they go.
  const running = new Set<Promise<void>>();
  for await (const { key } of from.list()) {
    const copy = copyOne(key).finally(() => running.delete(copy));
    running.add(copy);
    if (running.size >= concurrency) await Promise.race(running);
  }
  await Promise.all(running);
  return report;
}

const TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
/** A stored name's content type, by its extension (the store names every object by its type). */
export const contentTypeOf = (key: string) => TYPES[key.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream';
