import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { problemSchema } from '../../contract/envelope';
import { zones } from '../../fixtures';
import type * as catalogueRepository from '../repositories/catalogues';
import { createTestApp } from '../test/test-app';
import { ExportTimeLimit, streamInTransaction } from './stream';

/*
 * What only the server has: an export streamed from the database. Its status is sent with its
 * first rows, so the database failing before them is a problem answer; failing after them cuts
 * the download off, so the client sees it fail instead of a short file that looks whole. The
 * zones' export reads its rows through the seam below, which fails where a test says.
 */
interface Gate {
  open: () => void;
  opened: Promise<void>;
}
function gate(): Gate {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}
const seam = vi.hoisted(() => ({
  /** The next export fails before its first rows, or after them once `failNow` opens. */
  failing: null as null | 'before' | { rowsOut: Gate; failNow: Gate },
}));
vi.mock('../repositories/catalogues', async (importOriginal) => {
  const actual = await importOriginal<typeof catalogueRepository>();
  return {
    ...actual,
    exportCatalogue: async function* (...args: Parameters<typeof actual.exportCatalogue>) {
      const failing = seam.failing;
      if (failing === 'before') throw new Error('Connection terminated unexpectedly');
      yield* actual.exportCatalogue(...args);
      if (failing === null) return;
      failing.rowsOut.open();
      await failing.failNow.opened;
      throw new Error('Connection terminated unexpectedly');
    },
  };
});

let t: Awaited<ReturnType<typeof createTestApp>>;
let base: string;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = await t.signIn('admin');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
// An export a failed test left waiting is let go, so it does not hold its connection.
afterEach(() => {
  if (seam.failing !== null && seam.failing !== 'before') seam.failing.failNow.open();
  seam.failing = null;
});
afterAll(() => t.close());

/** The zones' export, asked over a socket as a browser asks it. */
const exportZones = (encoding: string) =>
  fetch(`${base}/api/v1/zones.csv?sort=code`, { headers: { ...headers, 'accept-encoding': encoding } });

/** An export that fails once its first rows are out and the test says so. */
function failingAfterFirstRows() {
  const failing = { rowsOut: gate(), failNow: gate() };
  seam.failing = failing;
  return failing;
}

async function readAll(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  let text = '';
  for (let read = await reader.read(); !read.done; read = await reader.read()) text += new TextDecoder().decode(read.value);
  return text;
}

describe('an export whose database fails', () => {
  it('before its first rows answers a problem document, not a 200 with a header row', async () => {
    seam.failing = 'before';
    const res = await exportZones('identity');
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.headers.get('content-disposition')).toBeNull();
    expect(problemSchema.parse(await res.json()).status).toBe(500);
  });

  it('after its first rows cuts the download off: the body ends in an error, not as a whole file', async () => {
    const failing = failingAfterFirstRows();
    const res = await exportZones('identity');
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let received = '';
    while (!received.includes(zones[0]!.code)) received += new TextDecoder().decode((await reader.read()).value);
    expect(received).toContain('Code,Name,Description,Status');
    failing.failNow.open();
    await expect(
      (async () => {
        while (!(await reader.read()).done);
      })(),
    ).rejects.toThrow();
  });

  it.each(['gzip', 'br'])('after its first rows cuts a %s download off too', async (encoding) => {
    const failing = failingAfterFirstRows();
    const res = await exportZones(encoding);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe(encoding);
    failing.failNow.open();
    await expect(readAll(res.body!)).rejects.toThrow();
  });

  // The race of the two above: the rows are out of the database but no byte is on the wire yet
  // (a compressor's first output comes a moment later). Whichever wins, no file looks whole.
  it('the moment its first rows are out answers a clean problem, or cuts the download off', async () => {
    const failing = failingAfterFirstRows();
    const answered = exportZones('gzip, br');
    await failing.rowsOut.opened;
    failing.failNow.open();
    const res = await answered;
    if (res.status === 200) {
      await expect(readAll(res.body!)).rejects.toThrow();
      return;
    }
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-disposition')).toBeNull();
    expect(problemSchema.parse(await res.json()).status).toBe(500);
  });

  it('the next export, the database well again, is whole', async () => {
    const res = await exportZones('gzip, br');
    expect(res.status).toBe(200);
    const lines = (await readAll(res.body!)).trim().split('\r\n');
    expect(lines).toHaveLength(zones.length + 1);
  });
});

describe('an export whose client takes too long', () => {
  it('is cut off at its time limit, and its transaction ends, giving its connection back', async () => {
    let generatorEnded = false;
    const body = await streamInTransaction(t.db, t.app.log, 300, async function* (tx) {
      try {
        for (;;) {
          await tx.execute(sql`select 1`);
          yield 'x'.repeat(64 * 1024);
        }
      } finally {
        generatorEnded = true;
      }
    });
    // Nobody reads it: the stream fills up and waits, until the limit cuts it off.
    const error = await new Promise((resolve) => body.once('error', resolve));
    expect(error).toBeInstanceOf(ExportTimeLimit);
    await vi.waitFor(() => expect(generatorEnded).toBe(true));
    await vi.waitFor(async () => {
      const { rows } = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'idle in transaction'`,
      );
      expect(rows[0]!.n).toBe(0);
    });
  });
});
