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

/**
 * A response body written as it is read, from one read-only repeatable-read transaction (one
 * snapshot, so a write meanwhile neither repeats nor drops a row). It waits for a slow client
 * instead of holding the rows in memory, and stops reading when the client goes away. Check
 * everything that can be refused before: once the first byte is out, the status is 200.
 */
export function streamInTransaction(db: Db, log: FastifyBaseLogger, produce: (tx: Tx) => AsyncIterable<string>): Readable {
  const out = new PassThrough();
  db.transaction(async (tx) => {
    for await (const chunk of produce(tx)) {
      if (out.destroyed) return;
      if (!out.write(chunk)) await writable(out);
    }
  }, { isolationLevel: 'repeatable read', accessMode: 'read only' }).then(
    () => out.end(),
    (error: unknown) => {
      log.error({ err: error }, 'export stopped');
      out.destroy(error as Error);
    },
  );
  return out;
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
