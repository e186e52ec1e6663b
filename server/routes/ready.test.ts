import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Storage } from '../services/storage';
import { imageBytes, multipartFile } from '../test/multipart';
import { createTestApp, sharedStorage } from '../test/test-app';

// Issue 33: readiness apart from liveness, and a shutdown that lets requests under way finish.

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ready = (app = t.app) => app.inject({ method: 'GET', url: '/api/ready' });

describe('GET /api/ready', () => {
  it('answers 200 when the database, its migrations, the storage and the process cache all answer', async () => {
    // The process cache counts once its first heartbeat has come back.
    await expect.poll(async () => (await ready()).statusCode).toBe(200);
    expect((await ready()).json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', storage: 'ok', processCache: 'ok' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
  });

  it('answers 503 naming the migrations when the database lacks this release’s newest', async () => {
    const [newest] = (
      await t.db.execute<{ id: number; hash: string; created_at: string }>(
        sql`SELECT id, hash, created_at::text FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
      )
    ).rows;
    await t.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${newest!.id}`);
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'not ready',
        checks: { database: 'ok', migrations: 'failing', storage: 'ok', processCache: 'ok' },
      });
    } finally {
      await t.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${newest!.id}, ${newest!.hash}, ${newest!.created_at}::bigint)`,
      );
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it('answers 503 naming the storage, never why, when it fails or does not answer in time; the log says why; liveness stays 200', async () => {
    const real = sharedStorage();
    const folder = '/srv/complaint-desk/data/files';
    const broken: Storage = { ...real, check: () => Promise.reject(new Error(`EEXIST: file already exists, mkdir '${folder}'`)) };
    const silent: Storage = { ...real, check: () => new Promise(() => {}) };
    for (const [storage, reason] of [
      [broken, `EEXIST: file already exists, mkdir '${folder}'`],
      [silent, 'no answer within 2000 ms'],
    ] as const) {
      const other = await createTestApp({ storage });
      // A test app logs nowhere: its request loggers are the app's own (Fastify's null logger).
      const warned = vi.spyOn(other.app.log, 'warn');
      try {
        await expect.poll(async () => (await ready(other.app)).json().checks.processCache).toBe('ok');
        const res = await ready(other.app);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          status: 'not ready',
          checks: { database: 'ok', migrations: 'ok', storage: 'failing', processCache: 'ok' },
        });
        expect(res.body).not.toContain(folder);
        expect(warned).toHaveBeenCalledWith(
          { err: expect.objectContaining({ message: reason }), check: 'storage' },
          'readiness check failing',
        );
        expect((await other.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      } finally {
        warned.mockRestore();
        await other.close();
      }
    }
  });
});

describe('shutting down', () => {
  it('lets an upload under way finish, then closes; a request after the close finds no server', async () => {
    const other = await createTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = other.app.server.address() as AddressInfo;
    const { payload, headers } = multipartFile(imageBytes.png());
    const auth = await other.signIn('contractor');
    let closed = false;
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        { port, method: 'POST', path: '/api/v1/files', headers: { ...headers, ...auth, 'content-length': payload.length } },
        (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        },
      );
      req.on('error', reject);
      // Half the upload now; the close begins; the rest a moment later.
      req.write(payload.subarray(0, payload.length / 2));
      void sleep(150).then(() => {
        const closing = other.close().then(() => (closed = true));
        void sleep(300).then(() => {
          expect(closed).toBe(false);
          req.end(payload.subarray(payload.length / 2));
        });
        return closing;
      });
    });
    const { status, body } = await answer;
    expect(status, body).toBe(201);
    await expect.poll(() => closed, { timeout: 10_000 }).toBe(true);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });
});
