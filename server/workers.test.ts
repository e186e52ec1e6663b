// @vitest-environment node
/**
 * WORKERS=2: the real server (`server/main.ts`) as two API processes on one port over one
 * embedded PostgreSQL. Each request goes on a new connection, so the cluster spreads them; a test
 * server names the process that answered (`x-served-by`), so each check sees both processes.
 * Sessions, their revocation, throttling and signed file addresses must hold across them, and a
 * process that dies is replaced. Their uploads go to one bucket of S3-compatible storage (s3rver,
 * started here), and /metrics adds up both processes' numbers (issue 33).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, chmod, mkdtemp, readdir, readlink, realpath, rm } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACCOUNT_ID, DEMO_PASSWORD, demoAccounts } from '../fixtures';
import { finishSignIn, Phones } from '../fixtures/phones';
import { FIXTURE_IMAGES_DIR } from './paths';
import { startBucketServer } from './test/bucket-server';
import { freePort } from './test/free-port';

const projectRoot = fileURLToPath(new URL('../', import.meta.url));
let dataDir = '';
let port = 0;
let server: ChildProcess | undefined;
let bucketServer: Awaited<ReturnType<typeof startBucketServer>> | undefined;
const stderr: string[] = [];
const METRICS_TOKEN = 'workers-test-metrics-token-0123456789abcdef';

interface Answer {
  status: number;
  servedBy: number;
  body: string;
}

/** One request on a connection of its own (no keep-alive), so the cluster picks a process for it. */
function call(
  method: string,
  url: string,
  { token, body, headers = {} }: { token?: string; body?: Buffer | object; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = request(
      `http://127.0.0.1:${port}/${url}`,
      {
        method,
        agent: false,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, servedBy: Number(res.headers['x-served-by']), body: text }));
      },
    );
    req.setTimeout(5_000, () => req.destroy(new Error(`no answer to ${method} /${url} within 5 s`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** `times` calls; every answer's status, and which processes answered. */
async function spread(times: number, ask: () => Promise<Answer>) {
  const answers: Answer[] = [];
  for (let i = 0; i < times; i++) answers.push(await ask());
  return { statuses: new Set(answers.map((a) => a.status)), processes: new Set(answers.map((a) => a.servedBy)) };
}

const phones = new Phones();
/** Signs in, with the second factor an administrator enrols at the first sign-in and answers after. */
async function signIn(email: string, password = DEMO_PASSWORD) {
  const post = async (url: string, body: unknown) => {
    const res = await call('POST', url, { body: body as object });
    return { status: res.status, json: JSON.parse(res.body || 'null') as unknown, text: res.body };
  };
  const first = await post('api/v1/auth/sign-in', { email, password });
  return { status: first.status, token: first.status === 200 ? await finishSignIn(email, first, phones, post) : '' };
}

const poll = (token: string) => () => call('GET', 'api/v1/notifications?limit=5', { token });

/** Postgres processes working in our data folder: none may outlive the server. */
async function postgresOfDataDir(): Promise<number[]> {
  const pgDir = await realpath(path.join(dataDir, 'pg')).catch(() => path.join(dataDir, 'pg'));
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const comm = await readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '');
    const cwd = await readlink(`/proc/${entry}/cwd`).catch(() => '');
    if (comm.trim() === 'postgres' && cwd === pgDir) pids.push(Number(entry));
  }
  return pids;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'complaint-desk-workers-'));
  await chmod(dataDir, 0o755); // as root PostgreSQL runs as `postgres`, which must reach it
  bucketServer = await startBucketServer(path.join(dataDir, 's3'));
  port = await freePort();
  let pgPort: number;
  do pgPort = await freePort();
  while (pgPort === port);
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      WORKERS: '2',
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      ALLOW_TEST_RESET: 'true',
      SPA_DIR: '/nonexistent',
      FILES_URL: bucketServer.filesUrl,
      METRICS_TOKEN,
    },
  });
  server.stderr!.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk));
  const began = Date.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited: ${stderr.join('')}`);
    const up = await call('GET', 'api/health').then(
      (r) => r.status === 200,
      () => false,
    );
    // Both processes listening: two different answerers in a row.
    if (up && (await spread(6, () => call('GET', 'api/health'))).processes.size === 2) break;
    if (Date.now() - began > 90_000) throw new Error(`two API processes not up within 90 s: ${stderr.join('')}`);
    await sleep(200);
  }
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  // SIGTERM to the primary stops both processes and then its PostgreSQL.
  expect(await postgresOfDataDir()).toEqual([]);
  await bucketServer?.close();
  await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
}, 60_000);

it('a session signed in on one process is known to both, and a sign-out on one is refused by both within one second', async () => {
  const { token } = await signIn(demoAccounts.officer.email);
  expect(await spread(10, poll(token))).toEqual({ statuses: new Set([200]), processes: expect.objectContaining({ size: 2 }) });
  expect((await call('POST', 'api/v1/auth/sign-out', { token })).status).toBe(204);
  await sleep(1_000);
  expect(await spread(10, poll(token))).toEqual({ statuses: new Set([401]), processes: expect.objectContaining({ size: 2 }) });
});

it('an account disabled on one process is refused by both within one second', async () => {
  const admin = (await signIn(demoAccounts.admin.email)).token;
  const { token } = await signIn(demoAccounts.verifier.email);
  expect((await spread(6, poll(token))).statuses).toEqual(new Set([200]));
  expect((await call('PATCH', `api/v1/users/${ACCOUNT_ID.verifier}`, { token: admin, body: { status: 'disabled' } })).status).toBe(200);
  await sleep(1_000);
  expect(await spread(10, poll(token))).toEqual({ statuses: new Set([401]), processes: expect.objectContaining({ size: 2 }) });
});

it('throttles sign-in failures counted across both processes', async () => {
  const email = demoAccounts.contractor.email;
  const tries = await Promise.all(
    Array.from({ length: 5 }, () => call('POST', 'api/v1/auth/sign-in', { body: { email, password: 'not the password' } })),
  );
  expect(tries.map((t) => t.status)).toEqual([401, 401, 401, 401, 401]);
  expect(new Set(tries.map((t) => t.servedBy)).size).toBe(2);
  // The sixth, on either process, is refused even with the right password.
  expect(await spread(4, () => call('POST', 'api/v1/auth/sign-in', { body: { email, password: DEMO_PASSWORD } }))).toEqual({
    statuses: new Set([429]),
    processes: expect.objectContaining({ size: 2 }),
  });
});

it('a file uploaded through one process is served by both through its signed address', async () => {
  const { token } = await signIn(demoAccounts.officer.email);
  const bytes = await readFile(path.join(FIXTURE_IMAGES_DIR, 'avatar-officer.png'));
  const boundary = 'complaint-desk-workers';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const uploaded = await call('POST', 'api/v1/files', {
    token,
    body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(uploaded.status).toBe(201);
  const { url } = (JSON.parse(uploaded.body) as { data: { url: string } }).data;
  expect(await spread(6, () => call('GET', url.replace(/^\//, '')))).toEqual({
    statuses: new Set([200]),
    processes: expect.objectContaining({ size: 2 }),
  });
});

it('answers /metrics with both processes’ numbers added up, whichever process is asked', async () => {
  const counted = (text: string) => {
    const line = text.split('\n').find((l) => l.startsWith('http_requests_total{method="GET",route="/api/ready",status="200"} '));
    return line ? Number(line.split(' ').pop()) : 0;
  };
  const scrape = () => call('GET', 'metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const before = counted((await scrape()).body);
  expect(await spread(10, () => call('GET', 'api/ready'))).toEqual({
    statuses: new Set([200]),
    processes: expect.objectContaining({ size: 2 }),
  });
  // However the ten were spread, and whichever process answers the scrape, the sum is ten more.
  const scrapes = await Promise.all(Array.from({ length: 4 }, scrape));
  expect(new Set(scrapes.map((s) => s.servedBy)).size).toBe(2);
  for (const answer of scrapes) expect(counted(answer.body) - before).toBe(10);
  expect((await call('GET', 'metrics')).status).toBe(401);
});

// A connection handed to a process at the very moment it is killed is lost with it (Node's
// cluster cannot take it back); once the primary has seen the death, the other process answers
// everything until the replacement, started a second later, shares the load.
it('a process that dies is replaced, and the other answers meanwhile', async () => {
  const before = (await spread(6, () => call('GET', 'api/health'))).processes;
  const [victim, survivor] = [...before];
  const exited = until(() => !existsSync(`/proc/${victim}`));
  process.kill(victim!, 'SIGKILL');
  await exited;
  await sleep(100);
  expect(await spread(6, () => call('GET', 'api/health'))).toEqual({ statuses: new Set([200]), processes: new Set([survivor]) });
  let answered = new Set<number>();
  await until(async () => {
    answered = (await spread(4, () => call('GET', 'api/health'))).processes;
    return answered.size === 2;
    // A new process loads the whole server: seconds on two busy cores (CI runs browsers beside it).
  }, 25_000);
  expect(answered.has(survivor!)).toBe(true);
  expect(answered.has(victim!)).toBe(false);
}, 45_000);

/** Waits for `ready()`, failing after `ms`. */
async function until(ready: () => boolean | Promise<boolean>, ms = 2_000) {
  const began = Date.now();
  while (!(await ready())) {
    if (Date.now() - began > ms) throw new Error(`not ready within ${ms} ms`);
    await sleep(20);
  }
}
