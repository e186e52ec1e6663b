// @vitest-environment node
/**
 * Crash test: the real server (`node --import tsx server/main.ts`) is SIGKILLed while writes are
 * in flight, 20 times, on one data folder. Its PostgreSQL is left orphaned, as in a real crash,
 * and every restart must start cleanly and still hold every write it acknowledged: each sign-in
 * answered 200 (its token still authenticates) and each notification delete answered 204.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccounts } from '../fixtures';
import { freePort } from './test/free-port';

const ROUNDS = 20;
const SIGN_IN_LOOPS = 8;
const projectRoot = fileURLToPath(new URL('../', import.meta.url));
// Accounts a password alone signs in (an administrator answers a second factor first).
const signers = [demoAccounts.officer, demoAccounts.verifier, demoAccounts.contractor];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let dataDir = '';
let httpPort = 0;
let pgPort = 0;
let server: ChildProcess | undefined;
let stderrLines: string[] = [];
/** The current server's stderr (quiet at LOG_LEVEL=warn): its head and tail for failure messages. */
const stderrText = () =>
  [...stderrLines.slice(0, 60), ...(stderrLines.length > 80 ? ['…'] : []), ...stderrLines.slice(60).slice(-20)].join('\n');

const url = (p: string) => `http://127.0.0.1:${httpPort}/${p}`;

function call(method: string, p: string, token?: string, body?: unknown) {
  return fetch(url(p), {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(20_000),
  });
}

const alive = (child: ChildProcess | undefined) => !!child && child.exitCode === null && child.signalCode === null;
const exited = (child: ChildProcess) =>
  alive(child) ? new Promise<void>((resolve) => child.once('exit', () => resolve())) : Promise.resolve();

/** Starts the server on the shared data folder and ports; resolves once /api/health answers 200. */
async function startServer(): Promise<number> {
  const began = Date.now();
  stderrLines = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PORT: String(httpPort), DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: 'warn' },
  });
  server = child;
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderrLines.push(...chunk.split('\n'));
  });
  while (Date.now() - began < 60_000) {
    if (!alive(child)) break;
    const ok = await fetch(url('api/health'), { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return Date.now() - began;
    await sleep(100);
  }
  const why = alive(child) ? 'not healthy within 60 s' : `exited (${child.exitCode ?? child.signalCode})`;
  throw new Error(`server ${why}; stderr:\n${stderrText()}`);
}

/** Every postgres process working in our data folder (orphans included; zombies have no cwd). */
async function postgresOfDataDir(): Promise<number[]> {
  const pgDir = await fs.realpath(path.join(dataDir, 'pg')).catch(() => path.join(dataDir, 'pg'));
  const pids: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const comm = await fs.readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '');
    const cwd = await fs.readlink(`/proc/${entry}/cwd`).catch(() => '');
    if (comm.trim() === 'postgres' && cwd === pgDir) pids.push(Number(entry));
  }
  return pids;
}

/** Runs `work` on every item with `limit` workers at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

afterAll(async () => {
  if (server?.pid && alive(server)) {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
    await exited(server);
  }
  if (!dataDir) return;
  // Immediate shutdown of an orphaned postmaster (SIGQUIT), then SIGKILL whatever is left.
  const pidLine = await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').catch(() => '');
  const postmaster = Number(pidLine.split('\n')[0]);
  if ((await postgresOfDataDir()).includes(postmaster)) process.kill(postmaster, 'SIGQUIT');
  for (let i = 0; i < 50 && (await postgresOfDataDir()).length > 0; i++) await sleep(100);
  for (const pid of await postgresOfDataDir()) process.kill(pid, 'SIGKILL');
  await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
}, 60_000);

it(
  `loses no acknowledged write across ${ROUNDS} SIGKILLs during writes, and restarts cleanly each time`,
  async () => {
    const began = Date.now();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'complaint-desk-crash-'));
    await fs.chmod(dataDir, 0o755); // as root PostgreSQL runs as `postgres`, which must reach it
    httpPort = await freePort();
    do pgPort = await freePort();
    while (pgPort === httpPort);

    const firstStart = await startServer(); // creates, migrates and seeds the database
    console.log(`first start (initdb, migrate, seed): ${firstStart} ms`);

    const signIn = async (email: string) => {
      const res = await call('POST', 'api/v1/auth/sign-in', undefined, { email, password: DEMO_PASSWORD });
      return { status: res.status, token: res.status === 200 ? ((await res.json()) as { data: { token: string } }).data.token : '' };
    };
    const officerSignIn = await signIn(demoAccounts.officer.email);
    expect(officerSignIn.status).toBe(200);
    const officerToken = officerSignIn.token;
    const listed = await call('GET', 'api/v1/notifications?limit=1000&isRead=2', officerToken);
    expect(listed.status).toBe(200);
    /** Officer notifications not known to be gone yet. */
    const pendingIds = new Set(((await listed.json()) as { data: { items: { id: number }[] } }).data.items.map((n) => n.id));
    expect(pendingIds.size).toBe(20);

    const tokens: string[] = [officerToken]; // every acknowledged sign-in, all rounds
    const deleted = new Set<number>(); // every notification whose DELETE answered 204
    const uncertain = new Set<number>(); // DELETE sent without an answer: may or may not be done
    const unexpected: string[] = []; // answers a healthy server must never give
    let restartMs = 0;

    for (let round = 1; round <= ROUNDS; round++) {
      let writing = true;
      let signIns = 0;
      let deletes = 0;
      let unanswered = 0;
      const killAfter = 200 + Math.floor(Math.random() * 1300);

      const signInLoop = async (loop: number) => {
        for (let i = 0; writing; i++) {
          const account = signers[(loop + i) % signers.length]!;
          try {
            const { status, token } = await signIn(account.email);
            if (status === 200) {
              tokens.push(token);
              signIns++;
            } else unexpected.push(`round ${round}: sign-in ${account.email} answered ${status}`);
          } catch {
            unanswered++; // cut off by the kill: not acknowledged
          }
        }
      };
      // Deletes are spread over the rounds (20 notifications, 20 rounds) at random moments, some
      // of them into the kill; an id that 404s must have had an earlier unanswered DELETE.
      const deleteLoop = async () => {
        const budget = Math.ceil(pendingIds.size / (ROUNDS - round + 1));
        for (let k = 0; k < budget && writing; k++) {
          await sleep(Math.random() * ((killAfter * 1.2) / budget));
          if (!writing) return;
          const id = [...pendingIds].find((candidate) => !deleted.has(candidate));
          if (id === undefined) return;
          try {
            const res = await call('DELETE', `api/v1/notifications/${id}`, officerToken);
            if (res.status === 204) {
              deleted.add(id);
              pendingIds.delete(id);
              deletes++;
            } else if (res.status === 404 && uncertain.has(id)) pendingIds.delete(id);
            else unexpected.push(`round ${round}: DELETE notification ${id} answered ${res.status}`);
          } catch {
            uncertain.add(id);
            unanswered++;
          }
        }
      };

      const loops = [...Array.from({ length: SIGN_IN_LOOPS }, (_, loop) => signInLoop(loop)), deleteLoop()];
      await sleep(killAfter);
      const victim = server!;
      victim.kill('SIGKILL'); // the node process only: its PostgreSQL keeps running, orphaned
      writing = false;
      await exited(victim);
      await Promise.all(loops);
      expect(victim.signalCode).toBe('SIGKILL');

      const startMs = await startServer();
      restartMs += startMs;

      // Every token acknowledged in any round so far still authenticates.
      const lost: string[] = [];
      await eachLimited(tokens, 16, async (token) => {
        const res = await call('GET', 'api/v1/menu/privileges', token);
        if (res.status !== 200) lost.push(`${token.slice(0, 8)}… → ${res.status}`);
        await res.body?.cancel();
      });
      // Every acknowledged delete is still gone; every notification not deleted is still there.
      const resurrected: number[] = [];
      for (const id of deleted) {
        const res = await call('GET', `api/v1/notifications/${id}`, officerToken);
        if (res.status !== 404) resurrected.push(id);
        await res.body?.cancel();
      }
      const now = await call('GET', 'api/v1/notifications?limit=1000&isRead=2', officerToken);
      expect(now.status).toBe(200);
      const present = new Set(((await now.json()) as { data: { items: { id: number }[] } }).data.items.map((n) => n.id));
      const vanished = [...pendingIds].filter((id) => !present.has(id) && !uncertain.has(id));
      const reappeared = [...present].filter((id) => deleted.has(id));

      console.log(
        `round ${String(round).padStart(2)}: killed after ${killAfter} ms; acknowledged ${signIns} sign-ins, ${deletes} deletes; ` +
          `${unanswered} unanswered; restart ${startMs} ms; checked ${tokens.length} tokens, ${deleted.size} deletes`,
      );
      expect(lost, `round ${round}: acknowledged sign-ins lost`).toEqual([]);
      expect(resurrected, `round ${round}: acknowledged deletes undone`).toEqual([]);
      expect(reappeared, `round ${round}: deleted notifications listed again`).toEqual([]);
      expect(vanished, `round ${round}: notifications gone without a DELETE`).toEqual([]);
      expect(unexpected).toEqual([]);
    }

    // A clean stop: SIGTERM, exit code 0 within 20 s, and no PostgreSQL left in the data folder.
    const last = server!;
    last.kill('SIGTERM');
    const code = await Promise.race([exited(last).then(() => last.exitCode), sleep(20_000).then(() => 'timeout')]);
    expect(code, `stderr:\n${stderrText()}`).toBe(0);
    if (stderrLines.join('').trim()) console.log(`stderr of the clean stop (exit 0):\n${stderrText()}`);
    for (let i = 0; i < 20 && (await postgresOfDataDir()).length > 0; i++) await sleep(100);
    expect(await postgresOfDataDir()).toEqual([]);
    await expect(fs.access(path.join(dataDir, 'pg', 'postmaster.pid'))).rejects.toThrow();
    await fs.rm(dataDir, { recursive: true, force: true });
    dataDir = '';

    const total = Date.now() - began;
    console.log(
      `${ROUNDS} rounds passed: ${tokens.length} acknowledged sign-ins and ${deleted.size} acknowledged deletes checked ` +
        `after every restart; restarts took ${restartMs} ms; total ${(total / 1000).toFixed(1)} s`,
    );
  },
  15 * 60_000,
);
