import { count, isNull, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, mailOutbox } from '../db/schema';
import { expectProblem } from '../test/expect-problem';
import { imageBytes, multipartFile } from '../test/multipart';
import { createTestApp } from '../test/test-app';

// Issue 33: GET /metrics in Prometheus' text format, behind its own bearer token.

const TOKEN = 'metrics-token-of-the-test-0123456789abcdef';
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
});
afterAll(() => t.close());

const scrape = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
};
/** The value of one series (`name{labels}`) in a scrape. */
const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /metrics', () => {
  it('is not there without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('refuses a missing or wrong token with 401, saying what it needs', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(expectProblem(res, 401).detail).toBe('The metrics need Authorization: Bearer with the METRICS_TOKEN.');
      expect(res.body).not.toContain('http_requests_total');
    }
  });

  it('counts requests and their durations by route pattern and status', async () => {
    const headers = await t.signIn('officer');
    const before = await scrape();
    const series = 'http_requests_total{method="GET",route="/api/v1/complaints/:id",status="200"}';
    const missing = 'http_requests_total{method="GET",route="/api/v1/complaints/:id",status="404"}';
    for (const id of [1, 2, 3]) await t.app.inject({ method: 'GET', url: `/api/v1/complaints/${id}`, headers });
    await t.app.inject({ method: 'GET', url: '/api/v1/complaints/999999', headers });
    const after = await scrape();
    expect((valueOf(after, series) ?? 0) - (valueOf(before, series) ?? 0)).toBe(3);
    expect((valueOf(after, missing) ?? 0) - (valueOf(before, missing) ?? 0)).toBe(1);
    // One series per route, never per id.
    expect(after).not.toContain('route="/api/v1/complaints/1"');
    expect(valueOf(after, 'http_request_duration_seconds_count{method="GET",route="/api/v1/complaints/:id",status="200"}')).toBe(
      valueOf(after, series),
    );
    expect(after).toContain('http_request_duration_seconds_bucket{le="0.05",method="GET",route="/api/v1/complaints/:id",status="200"}');
  });

  it('tells the process’s CPU, memory and event-loop lag, the pool and the process cache', async () => {
    const text = await scrape();
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
      'pg_pool_connections{state="total"}',
      'pg_pool_connections{state="in_use"}',
      'pg_pool_connections{state="waiting"}',
      'process_cache_hits_total',
      'process_cache_misses_total',
    ])
      expect(valueOf(text, name), name).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'pg_pool_connections{state="total"}')).toBeGreaterThan(0);
    // Signed-in calls come from the cache once it has the session.
    const headers = await t.signIn('verifier');
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/v1/me', headers });
    expect(valueOf(await scrape(), 'process_cache_hits_total')).toBeGreaterThan(valueOf(text, 'process_cache_hits_total')!);
  });

  it('tells the outbox’s unsent messages and the uploads kept, as the database has them', async () => {
    const headers = await t.signIn('contractor');
    const { payload, headers: type } = multipartFile(imageBytes.png(4096));
    const before = valueOf(await scrape(), 'uploads_stored_bytes')!;
    await t.app.inject({ method: 'POST', url: '/api/v1/files', payload, headers: { ...headers, ...type } });
    const text = await scrape();
    const [unsent] = await t.db.select({ n: count() }).from(mailOutbox).where(isNull(mailOutbox.sentAt));
    const [stored] = await t.db.select({ n: count(), bytes: sum(files.sizeBytes) }).from(files);
    expect(valueOf(text, 'mail_outbox_unsent')).toBe(unsent!.n);
    expect(valueOf(text, 'uploads_stored_files')).toBe(stored!.n);
    expect(valueOf(text, 'uploads_stored_bytes')).toBe(Number(stored!.bytes));
    expect(valueOf(text, 'uploads_stored_bytes')! - before).toBe(imageBytes.png(4096).length);
  });
});
