import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItemKey, menuItems as menu } from '../../contract/menu-items';
import { ACCOUNT_ID, demoAccounts, MENU_ITEM_IDS, userTypeByKey } from '../../fixtures';
import { notifications, sessions, users } from '../db/schema';
import { ProcessCache } from '../services/process-cache';
import { createTestApp } from '../test/test-app';

/**
 * The per-process auth cache (issue 17) over two API processes on one PostgreSQL: A and B are two
 * apps, each with its own pool, cache and listening connection, as two processes have. What one
 * process changes, it forgets before it answers; the other is told within one second; while a
 * process cannot hear, it uses no cache at all.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let a: FastifyInstance;
let b: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ testHooks: true });
  a = t.app;
  b = await t.anotherProcess();
  await Promise.all([until(() => a.processCache!.live), until(() => b.processCache!.live)]);
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const poll = (app: FastifyInstance, headers: Headers) =>
  app.inject({ method: 'GET', url: '/api/v1/notifications?limit=1000&isRead=2', headers });
const history = (app: FastifyInstance, headers: Headers) =>
  app.inject({ method: 'GET', url: '/api/v1/complaints?history=true&limit=1', headers });

/** Waits for `ready()`, failing after `ms`; answers how long it took. */
async function until(ready: () => boolean | Promise<boolean>, ms = 2_000) {
  const start = performance.now();
  while (!(await ready())) {
    if (performance.now() - start > ms) throw new Error(`not ready within ${ms} ms`);
    await sleep(5);
  }
  return performance.now() - start;
}

/** Asks twice and checks the second answer came from B's cache: B holds the entry being tested. */
async function warm(app: FastifyInstance, ask: () => Promise<{ statusCode: number }>) {
  expect((await ask()).statusCode).toBe(200);
  const hits = app.processCache!.stats.hits;
  expect((await ask()).statusCode).toBe(200);
  expect(app.processCache!.stats.hits).toBeGreaterThan(hits);
}

/** How long until B answers `status` to `ask`: the change must reach it within one second. */
async function msUntilRefused(ask: () => Promise<{ statusCode: number }>, status: number) {
  return until(async () => (await ask()).statusCode === status);
}

describe('what process A changes', () => {
  it('a sign-out: refused on A at once, on B within one second', async () => {
    const officer = await t.signIn('officer');
    await warm(b, () => poll(b, officer));
    await warm(a, () => poll(a, officer));
    expect((await a.inject({ method: 'POST', url: '/api/v1/auth/sign-out', headers: officer })).statusCode).toBe(204);
    expect((await poll(a, officer)).statusCode).toBe(401);
    expect(await msUntilRefused(() => poll(b, officer), 401)).toBeLessThan(1_000);
  });

  it('a disabled account: refused on A at once, on B within one second', async () => {
    const admin = await t.signIn('admin');
    const verifier = await t.signIn('verifier');
    await warm(b, () => poll(b, verifier));
    await warm(a, () => poll(a, verifier));
    const res = await a.inject({
      method: 'PATCH',
      url: `/api/v1/users/${ACCOUNT_ID.verifier}`,
      headers: admin,
      payload: { status: 'disabled' },
    });
    expect(res.statusCode).toBe(200);
    expect((await poll(a, verifier)).statusCode).toBe(401);
    expect(await msUntilRefused(() => poll(b, verifier), 401)).toBeLessThan(1_000);
  });

  it('a password reset: every session refused on A at once, on B within one second', async () => {
    const { email } = demoAccounts.contractor;
    const contractor = await t.signIn('contractor');
    await warm(b, () => poll(b, contractor));
    await warm(a, () => poll(a, contractor));
    const post = (url: string, payload: object) => a.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload });
    expect((await post('forgot-password', { email })).statusCode).toBe(202);
    const outbox = await a.inject({ method: 'GET', url: `/api/test/outbox?to=${encodeURIComponent(email)}` });
    const mails = outbox.json<{ data: { items: { text: string }[] } }>().data.items;
    const code = /(\d{6})/.exec(mails[0]!.text)![1]!;
    const { resetToken } = (await post('verify-otp', { email, code })).json<{ data: { resetToken: string } }>().data;
    expect((await post('reset-password', { resetToken, password: 'A-new-passphrase-for-17' })).statusCode).toBe(204);
    expect((await poll(a, contractor)).statusCode).toBe(401);
    expect(await msUntilRefused(() => poll(b, contractor), 401)).toBeLessThan(1_000);
    // Back to the demo password (any demo account's hash of it), for the tests after this one.
    await t.db
      .update(users)
      .set({ passwordHash: sql`(select password_hash from users where id = ${ACCOUNT_ID.officer})` })
      .where(eq(users.id, ACCOUNT_ID.contractor));
  });

  it('a matrix change: the privilege is refused on A at once, on B within one second', async () => {
    const admin = await t.signIn('admin');
    const contractor = await t.signIn('contractor');
    await warm(b, () => history(b, contractor));
    await warm(a, () => history(a, contractor));
    const type = userTypeByKey.contractor.id;
    const matrix = (await a.inject({ method: 'GET', url: '/api/v1/privileges/matrix', headers: admin })).json<{
      data: { version: number; grants: Record<string, Record<string, string[]>> };
    }>().data;
    const grants = { ...matrix.grants[String(type)] };
    delete grants[String(MENU_ITEM_IDS[menuItemKey(menu.historyComplaint)])];
    const saved = await a.inject({
      method: 'PUT',
      url: `/api/v1/privileges/matrix/${type}`,
      headers: admin,
      payload: { version: matrix.version, grants },
    });
    expect(saved.statusCode).toBe(200);
    expect((await history(a, contractor)).statusCode).toBe(403);
    expect(await msUntilRefused(() => history(b, contractor), 403)).toBeLessThan(1_000);
  });
});

it('a change written straight into the database, by any program, reaches both processes within one second', async () => {
  const officer = await t.signIn('officer');
  await warm(a, () => poll(a, officer));
  await warm(b, () => poll(b, officer));
  await t.db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(sessions.userId, ACCOUNT_ID.officer));
  const [ms1, ms2] = await Promise.all([msUntilRefused(() => poll(a, officer), 401), msUntilRefused(() => poll(b, officer), 401)]);
  expect(Math.max(ms1, ms2)).toBeLessThan(1_000);
});

describe('when B cannot hear', () => {
  it('its listening connection cut: no cache at all, a sign-out on A refused on B at once; then B listens again', async () => {
    const officer = await t.signIn('officer');
    await warm(b, () => poll(b, officer));
    const connects = b.processCache!.stats.connects;
    await t.db.execute(sql`select pg_terminate_backend(${b.processCache!.listenerPid})`);
    await until(() => !b.processCache!.live, 1_000);
    const misses = b.processCache!.stats.misses;
    expect((await poll(b, officer)).statusCode).toBe(200);
    // Neither the session nor the list came from the cache.
    expect(b.processCache!.stats.misses).toBe(misses + 2);

    expect((await a.inject({ method: 'POST', url: '/api/v1/auth/sign-out', headers: officer })).statusCode).toBe(204);
    expect((await poll(b, officer)).statusCode).toBe(401);

    await until(() => b.processCache!.live, 5_000);
    expect(b.processCache!.stats.connects).toBe(connects + 1);
    const again = await t.signIn('officer');
    await warm(b, () => poll(b, again));
  });

  // SIGSTOP freezes B's listening backend: the socket stays open but nothing comes through it,
  // as when a network path stalls. Only possible when PostgreSQL runs on this machine.
  it.runIf(!process.env.TEST_DATABASE_URL)(
    'its listening connection silent: the cache is off within one second, so a sign-out is never missed for longer',
    async () => {
      const officer = await t.signIn('officer');
      await warm(b, () => poll(b, officer));
      const pid = b.processCache!.listenerPid!;
      expect(existsSync(`/proc/${pid}`)).toBe(true);
      process.kill(pid, 'SIGSTOP');
      try {
        expect((await a.inject({ method: 'POST', url: '/api/v1/auth/sign-out', headers: officer })).statusCode).toBe(204);
        expect(await msUntilRefused(() => poll(b, officer), 401)).toBeLessThan(1_000);
        expect(b.processCache!.live).toBe(false);
      } finally {
        process.kill(pid, 'SIGCONT');
      }
      // The heartbeat stuck behind the freeze answers now, but it was sent long ago: ask afresh.
      await until(() => b.processCache!.confirm(), 2_000);
    },
  );
});

describe('the poll', () => {
  const ids = async (app: FastifyInstance, headers: Headers) =>
    (await poll(app, headers)).json<{ data: { items: { id: number }[] } }>().data.items.map((n) => n.id);

  it('is kept per user until their notifications change: a delete on A is seen on A at once and on B within one second', async () => {
    const officer = await t.signIn('officer');
    const before = await ids(b, officer);
    expect(before.length).toBeGreaterThan(1);
    // Session and list both from B's cache: two hits for one request.
    const hits = b.processCache!.stats.hits;
    expect(await ids(b, officer)).toEqual(before);
    expect(b.processCache!.stats.hits - hits).toBe(2);
    await ids(a, officer);

    expect((await a.inject({ method: 'DELETE', url: `/api/v1/notifications/${before[0]}`, headers: officer })).statusCode).toBe(204);
    expect(await ids(a, officer)).toEqual(before.slice(1));
    expect(await until(async () => (await ids(b, officer))[0] === before[1])).toBeLessThan(1_000);
  });

  it('a notification written by any program reaches both processes within one second; other users keep their cached poll', async () => {
    const officer = await t.signIn('officer');
    const verifier = await t.signIn('admin');
    await Promise.all([ids(a, officer), ids(b, officer), ids(b, verifier)]);
    const [row] = await t.db
      .insert(notifications)
      .values({ recipientId: ACCOUNT_ID.officer, title: 'New', description: 'Written in SQL' })
      .returning({ id: notifications.id });
    const [msA, msB] = await Promise.all([
      until(async () => (await ids(a, officer)).includes(row!.id)),
      until(async () => (await ids(b, officer)).includes(row!.id)),
    ]);
    expect(Math.max(msA, msB)).toBeLessThan(1_000);
    const hits = b.processCache!.stats.hits;
    await ids(b, verifier);
    expect(b.processCache!.stats.hits - hits).toBe(2);
  });
});

describe('how long an entry lives', () => {
  it('never longer than 30 s, nor past the end of its session', async () => {
    let now = 0;
    const cache = new ProcessCache({ connection: t.db.$client.options, now: () => now, staleAfterMs: Number.POSITIVE_INFINITY });
    await cache.start();
    try {
      await until(() => cache.live);
      let loads = 0;
      const load = async () => ({ value: ++loads });
      expect(await cache.get('k', load)).toBe(1);
      now += 29_999;
      expect(await cache.get('k', load)).toBe(1);
      now += 2;
      expect(await cache.get('k', load)).toBe(2);

      const ending = async () => ({ value: ++loads, expiresAt: Date.now() + 5_000 });
      expect(await cache.get('s', ending)).toBe(3);
      now += 4_900;
      expect(await cache.get('s', ending)).toBe(3);
      now += 200;
      expect(await cache.get('s', ending)).toBe(4);
      // A refusal (no such session) is never kept.
      expect(await cache.get('none', async () => null)).toBeNull();
      expect(await cache.get('none', load)).toBe(5);
    } finally {
      await cache.close();
    }
  });
});
