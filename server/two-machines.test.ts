// @vitest-environment node
/**
 * The README's deployment recipe, run (issue 33): two servers as two machines would run them
 * (two `server/main.ts`, each on its own PORT and DATA_DIR) over one PostgreSQL (DATABASE_URL,
 * seeded by `npm run db:seed`) and one bucket of S3-compatible storage (FILES_URL, s3rver). A
 * complaint registered with a photo on one is read, with its photo, from the other.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { complaintResponseSchema } from '../contract/complaints';
import { uploadFileResponseSchema } from '../contract/files';
import { DEMO_PASSWORD, demoAccounts, ORGANIZATION_ID } from '../fixtures';
import { FIXTURE_IMAGES_DIR } from './paths';
import { startBucketServer } from './test/bucket-server';
import { freePort } from './test/free-port';

const projectRoot = fileURLToPath(new URL('../', import.meta.url));
const database = `machines_${randomBytes(5).toString('hex')}`;
let work = '';
let bucketServer: Awaited<ReturnType<typeof startBucketServer>>;
const machines: { port: number; process: ChildProcess; stderr: string[] }[] = [];

const admin = async <T>(run: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: inject('testDatabase').adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
};

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'complaint-desk-machines-'));
  await chmod(work, 0o755);
  bucketServer = await startBucketServer(path.join(work, 's3'));
  await admin((client) => client.query(`CREATE DATABASE ${database}`));
  const env = {
    ...process.env,
    DATABASE_URL: inject('testDatabase').urlFor.replace('/DATABASE', `/${database}`),
    FILES_URL: bucketServer.filesUrl,
    // Machines over one database share the key that seals two-factor secrets.
    TWO_FACTOR_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'warn',
    SPA_DIR: '/nonexistent',
  };
  // The recipe's first step: the demo data, its images into the bucket.
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/db/seed-command.ts'], { cwd: projectRoot, env });
  for (const name of ['a', 'b']) {
    const port = await freePort();
    const stderr: string[] = [];
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: projectRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...env, PORT: String(port), DATA_DIR: path.join(work, name) },
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk));
    machines.push({ port, process: child, stderr });
  }
  const began = Date.now();
  for (const machine of machines)
    for (;;) {
      if (machine.process.exitCode !== null) throw new Error(`a server exited: ${machine.stderr.join('')}`);
      const ready = await fetch(`http://127.0.0.1:${machine.port}/api/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) break;
      if (Date.now() - began > 90_000) throw new Error(`the servers were not ready within 90 s: ${machine.stderr.join('')}`);
      await sleep(200);
    }
}, 150_000);

afterAll(async () => {
  for (const { process: child } of machines)
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  await bucketServer?.close();
  await rm(work, { recursive: true, force: true });
}, 60_000);

it('registers a complaint with a photo on one machine and reads it, photo and copies, on the other', async () => {
  const [a, b] = machines.map((m) => `http://127.0.0.1:${m.port}`) as [string, string];
  const signIn = await fetch(`${a}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoAccounts.officer.email, password: DEMO_PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  const { token } = ((await signIn.json()) as { data: { token: string } }).data;
  const authorization = `Bearer ${token}`;

  const photo = await readFile(path.join(FIXTURE_IMAGES_DIR, 'avatar-officer.png'));
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'site.png');
  const uploaded = await fetch(`${a}/api/v1/files`, { method: 'POST', headers: { authorization }, body: form });
  expect(uploaded.status).toBe(201);
  const file = uploadFileResponseSchema.parse(await uploaded.json()).data;
  const registered = await fetch(`${a}/api/v1/complaints`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({
      typeOfOffenceId: 2,
      dateOfMisconduct: new Date(Date.now() - 3_600_000).toISOString(),
      description: 'Bins left open on the five-foot way.',
      organizationId: ORGANIZATION_ID.alamBersih,
      contractId: 1,
      offender: 'Lorry WXY 1234',
      location: 'Jalan Ipoh, Sentul',
      qty: 2,
      attachmentFileIds: [file.id],
    }),
  });
  expect(registered.status).toBe(201);
  const { id } = complaintResponseSchema.parse(await registered.json()).data;

  // The other machine: the same session, the complaint, its photo byte for byte, a copy made there.
  const read = await fetch(`${b}/api/v1/complaints/${id}`, { headers: { authorization } });
  expect(read.status).toBe(200);
  const complaint = complaintResponseSchema.parse(await read.json()).data;
  expect(complaint.description).toBe('Bins left open on the five-foot way.');
  const address = complaint.complaintAttachments[0]!.file;
  const original = await fetch(`${b}${address}`);
  expect(original.status).toBe(200);
  expect(Buffer.from(await original.arrayBuffer()).equals(photo)).toBe(true);
  const thumb = await fetch(`${b}${address}&variant=thumb`);
  expect([thumb.status, thumb.headers.get('content-type')]).toEqual([200, 'image/webp']);
  // And a demo photo the seed put in the bucket, from either machine.
  const demo = await fetch(`${a}/api/v1/complaints?history=true&limit=50`, { headers: { authorization } });
  const attached = ((await demo.json()) as { data: { items: { complaintAttachments: { file: string }[] }[] } }).data.items.flatMap(
    (c) => c.complaintAttachments,
  );
  const seeded = attached.find((x) => x.file !== address)!.file;
  for (const machine of [a, b]) expect((await fetch(`${machine}${seeded}`)).status).toBe(200);
});
