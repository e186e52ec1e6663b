// @vitest-environment node
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type RunningPostgres } from './embedded-postgres';

const PASSWORD = 'test-secret';
const modulePath = fileURLToPath(new URL('./embedded-postgres.ts', import.meta.url));
const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

let root: string;
let dataDir: string;
let port: number;
const running: RunningPostgres[] = [];

async function start(): Promise<RunningPostgres> {
  const pgServer = await startEmbeddedPostgres({ dataDir, port, password: PASSWORD });
  running.push(pgServer);
  return pgServer;
}

async function query<T extends pg.QueryResultRow>(db: RunningPostgres, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: db.connectionString() });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function freePort(): Promise<number> {
  const first = 5400 + Math.floor(Math.random() * 90);
  for (let candidate = first; candidate < first + 100; candidate++) {
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer().once('error', () => resolve(false));
      server.listen(candidate, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return candidate;
  }
  throw new Error('no free port in 54xx');
}

async function postmasterPid(): Promise<number> {
  return Number((await fs.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

/** Alive and not a zombie (an orphan's zombie lingers until the init process reaps it). */
async function isAlive(pid: number): Promise<boolean> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return stat !== '' && stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
}

/** Every postgres process working in our temp folder, found through /proc (orphans included). */
async function postgresUnderRoot(): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cwd = await fs.readlink(`/proc/${entry}/cwd`).catch(() => '');
    const comm = await fs.readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '');
    if (comm.trim() === 'postgres' && cwd.startsWith(root)) pids.push(Number(entry));
  }
  return pids;
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'embedded-pg-test-'));
  // When the tests run as root, PostgreSQL runs as the postgres user, which must reach the folder.
  await fs.chmod(root, 0o755);
  dataDir = path.join(root, 'db', 'data');
  port = await freePort();
});

afterAll(async () => {
  await Promise.allSettled(running.map((db) => db.stop()));
  for (const pid of await postgresUnderRoot()) process.kill(pid, 'SIGKILL');
  await fs.rm(root, { recursive: true, force: true });
}, 60_000);

describe('startEmbeddedPostgres', () => {
  it('initialises a new data folder on first start and serves queries', async () => {
    const db = await start();
    expect(db.port).toBe(port);
    expect(db.connectionString()).toBe(`postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`);
    expect(db.connectionString('app')).toBe(`postgres://postgres:${PASSWORD}@127.0.0.1:${port}/app`);
    await expect(fs.readFile(path.join(dataDir, 'PG_VERSION'), 'utf8')).resolves.toMatch(/^\d+/);
    expect((await fs.readdir(path.dirname(dataDir))).filter((name) => name.includes('.init-'))).toEqual([]);

    await query(db, 'CREATE TABLE note (id serial PRIMARY KEY, body text NOT NULL)');
    await query(db, "INSERT INTO note (body) VALUES ('first')");
    expect(await query(db, 'SELECT body FROM note')).toEqual([{ body: 'first' }]);

    const wrong = new pg.Client({ connectionString: db.connectionString().replace(PASSWORD, 'wrong') });
    await expect(wrong.connect()).rejects.toThrow(/password authentication failed/);

    await db.stop();
    await db.stop(); // idempotent
    await expect(fs.access(path.join(dataDir, 'postmaster.pid'))).rejects.toThrow();
  }, 120_000);

  it('keeps the data across a stop and start, with durability settings on and loopback only', async () => {
    // A killed initialisation leaves a sibling folder behind; the next start removes it.
    const leftover = `${dataDir}.init-999999-1`;
    await fs.mkdir(leftover);
    await fs.writeFile(path.join(leftover, 'PG_VERSION'), '18\n');

    const db = await start();
    await expect(fs.access(leftover)).rejects.toThrow();
    expect(await query(db, 'SELECT body FROM note')).toEqual([{ body: 'first' }]);
    const settings = await query<{ name: string; setting: string }>(
      db,
      "SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'full_page_writes', 'listen_addresses', 'unix_socket_directories') ORDER BY name",
    );
    expect(Object.fromEntries(settings.map((row) => [row.name, row.setting]))).toEqual({
      fsync: 'on',
      full_page_writes: 'on',
      listen_addresses: '127.0.0.1',
      synchronous_commit: 'on',
      unix_socket_directories: '',
    });
    await db.stop();
  }, 120_000);

  it('starts despite a postmaster.pid whose pid now belongs to another process', async () => {
    const pidFile = path.join(dataDir, 'postmaster.pid');
    await fs.writeFile(pidFile, `${process.pid}\n${dataDir}\n1\n${port}\n\n127.0.0.1\n  1  2\nready   \n`);
    const db = await start();
    expect(await query(db, 'SELECT body FROM note')).toEqual([{ body: 'first' }]);
    await db.stop();

    const dead = spawnSync('true').pid;
    await fs.writeFile(pidFile, `${dead}\n${dataDir}\n1\n${port}\n\n127.0.0.1\n  1  2\nready   \n`);
    const again = await start();
    expect(await query(again, 'SELECT count(*)::int AS n FROM note')).toEqual([{ n: 1 }]);
    await again.stop();
  }, 120_000);

  it('stops the PostgreSQL orphaned by a SIGKILLed server and keeps its acknowledged write', async () => {
    const script = path.join(root, 'child.mts');
    await fs.writeFile(
      script,
      `import { createRequire } from 'node:module';
import { startEmbeddedPostgres } from ${JSON.stringify(modulePath)};
const pg = createRequire(${JSON.stringify(path.join(projectRoot, 'package.json'))})('pg');
const db = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port}, password: ${JSON.stringify(PASSWORD)} });
const client = new pg.Client({ connectionString: db.connectionString() });
await client.connect();
await client.query("INSERT INTO note (body) VALUES ('before the kill')");
await client.end();
console.log('ready');
setInterval(() => {}, 1000);
`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const childExit = new Promise((resolve) => child.once('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      child.once('exit', (code) => reject(new Error(`child exited (${code}) before ready: ${stderr}`)));
    });

    const orphan = await postmasterPid();
    child.kill('SIGKILL');
    await childExit;
    expect(await isAlive(orphan)).toBe(true); // PostgreSQL outlives the killed server

    const db = await start();
    expect(await isAlive(orphan)).toBe(false);
    expect(await postmasterPid()).not.toBe(orphan);
    expect(await query(db, 'SELECT body FROM note ORDER BY id')).toEqual([{ body: 'first' }, { body: 'before the kill' }]);
    expect(await query(db, 'SHOW fsync')).toEqual([{ fsync: 'on' }]);
    expect(await query(db, 'SHOW synchronous_commit')).toEqual([{ synchronous_commit: 'on' }]);
    await db.stop();
    expect(await postgresUnderRoot()).toEqual([]);
  }, 180_000);
});
