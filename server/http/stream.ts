import { PassThrough, type Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { z } from 'zod';
import { attachmentDisposition, CSV_CONTENT_TYPE } from '../../domain/exports';
import type { Db, Tx } from '../db/client';

/** Until the stream takes more, or is gone (the client went away). */
function writable(out: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/** How long an export may take by default (EXPORT_TIME_LIMIT_SECONDS): a million complaints take about a minute. */
export const DEFAULT_EXPORT_TIME_LIMIT_SECONDS = 900;

/** The error a download is cut off with when it outlives its time limit. */
export class ExportTimeLimit extends Error {
  constructor(ms: number) {
    super(`The export took longer than its ${ms / 1000} s and was stopped`);
  }
}

/**
 * A response body written as it is read, from one read-only repeatable-read transaction (one
 * snapshot, so a write meanwhile neither repeats nor drops a row). It waits for a slow client
 * instead of holding the rows in memory, and stops reading when the client goes away.
 *
 * It settles once the first chunk is produced: until then nothing is answered, so whatever
 * fails before (a refused query, the database) rejects, and is answered as a problem. A
 * failure after it destroys the stream, so the response is cut off without its end (the
 * client sees a failed download), never ended as if the file were whole.
 *
 * `timeLimitMs` bounds how long it may hold its database connection: a client too slow to take
 * the rows by then has its download cut off the same way, and the transaction ends.
 */
export function streamInTransaction(
  db: Db,
  log: FastifyBaseLogger,
  timeLimitMs: number,
  produce: (tx: Tx) => AsyncIterable<string>,
): Promise<Readable> {
  const out = new PassThrough();
  return new Promise((resolve, reject) => {
    let started = false;
    const start = () => {
      started = true;
      resolve(out);
    };
    const timer = setTimeout(() => {
      const error = new ExportTimeLimit(timeLimitMs);
      log.warn({ timeLimitMs }, 'export cut off at its time limit');
      if (!started) reject(error);
      out.destroy(error);
    }, timeLimitMs);
    db.transaction(
      async (tx) => {
        for await (const chunk of produce(tx)) {
          if (out.destroyed) return;
          const more = out.write(chunk);
          start();
          if (!more) await writable(out);
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
      .then(
        () => {
          out.end();
          start();
        },
        (error: unknown) => {
          if (!started) return reject(error);
          log.error({ err: error }, 'export stopped');
          out.destroy(error as Error);
        },
      )
      .finally(() => clearTimeout(timer));
  });
}

/**
 * A CSV's chunks: its header together with the first batch's lines (so the first chunk, and
 * with it the answer's status, waits for the first rows), then each further batch's lines.
 */
export async function* csvChunks<T>(header: string, batches: AsyncIterable<readonly T[]>, line: (row: T) => string): AsyncIterable<string> {
  let head = header;
  for await (const batch of batches) {
    yield head + batch.map(line).join('');
    head = '';
  }
  if (head) yield head;
}

/** What an export route declares: it produces CSV, described for the OpenAPI document. */
export const csvExport = (description: string) => ({
  produces: [CSV_CONTENT_TYPE],
  response: { 200: { description, content: { [CSV_CONTENT_TYPE.split(';')[0]!]: { schema: z.string() } } } },
});

/** Answers with a CSV stream as a download under this name. */
export function sendCsv(reply: FastifyReply, fileName: string, lines: Readable) {
  return reply.type(CSV_CONTENT_TYPE).header('content-disposition', attachmentDisposition(fileName)).send(lines);
}
