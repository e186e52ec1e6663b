import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { complaintResponseSchema } from '../contract/complaints';
import { uploadFileResponseSchema } from '../contract/files';
import { ORGANIZATION_ID } from '../fixtures';
import { connect, migrateDb } from './db/client';
import { RestoreRefusedError, readManifest, restoreBackup, writeBackup } from './services/backup';
import { folderStorage } from './services/storage';
import { emptied, keysOf } from './test/stored';
import { imageBytes, multipartFile } from './test/multipart';
import { createTestApp, ownStorage } from './test/test-app';

// Issue 33: a backup taken while writers run, restored into an empty database and storage,
// is the database and the files as they were at one moment: every row, history and hash.

let t: Awaited<ReturnType<typeof createTestApp>>;
let work: string;
const databases: string[] = [];
const admin = () => new pg.Client({ connectionString: inject('testDatabase').adminUrl });

/** A new, migrated, empty database: its connection string. */
async function emptyDatabase() {
  const name = `restore_${randomBytes(5).toString('hex')}`;
  const client = admin();
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  databases.push(name);
  const url = inject('testDatabase').urlFor.replace('/DATABASE', `/${name}`);
  const db = connect(url, 1);
  await migrateDb(db);
  await db.$client.end();
  return url;
}

beforeAll(async () => {
  t = await createTestApp();
  work = await mkdtemp(join(tmpdir(), 'backup-test-'));
});
afterAll(async () => {
  await t.close();
  const client = admin();
  await client.connect();
  for (const name of databases) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.end();
  await rm(work, { recursive: true, force: true });
});

/** An officer registers a complaint with a new photo: its id. */
async function registerWithPhoto(headers: Record<string, string>, n: number) {
  const body = multipartFile(imageBytes.png(2048 + n), { filename: `site-${n}.png` });
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/v1/files',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
  const { id: fileId } = uploadFileResponseSchema.parse(upload.json()).data;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/complaints',
    headers,
    payload: {
      typeOfOffenceId: 2,
      dateOfMisconduct: new Date(Date.now() - 3_600_000).toISOString(),
      description: `Debris dumped beside the drain, report ${n}.`,
      organizationId: ORGANIZATION_ID.alamBersih,
      contractId: 1,
      offender: 'Lorry WXY 1234',
      location: 'Jalan Ipoh, Sentul',
      qty: 1 + (n % 5),
      attachmentFileIds: [fileId],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return complaintResponseSchema.parse(res.json()).data.id;
}

/** A table's COPY text with its first row's second column changed: as many rows, other content. */
function forgeFirstRow(bytes: Buffer) {
  const lines = bytes.toString('utf8').split('\n');
  const fields = lines[0]!.split('\t');
  fields[1] = 'Forged zone';
  lines[0] = fields.join('\t');
  return Buffer.from(lines.join('\n'));
}

/** Copies an archive, each entry's bytes passed through `alter` (the manifest left as it was). */
async function repack(from: string, to: string, alter: (name: string, bytes: Buffer) => Buffer) {
  const extract = tar.extract();
  const pack = tar.pack();
  const writing = pipeline(pack, createGzip(), createWriteStream(to));
  const reading = pipeline(createReadStream(from), createGunzip(), extract);
  for await (const entry of extract) {
    const bytes = alter(entry.header.name, await buffer(entry as AsyncIterable<unknown> as AsyncIterable<Buffer>));
    pack.entry({ name: entry.header.name, size: bytes.length }, bytes);
  }
  await reading;
  pack.finalize();
  await writing;
}

/** Rows of a query, read alike from either database (node-postgres' own type parsing). */
async function rowsOf(connectionString: string, query: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query(query)).rows;
  } finally {
    await client.end();
  }
}

describe('backup and restore', () => {
  it('restores, into an empty database and storage, every row, history, audit event and file as they were when the backup began', async () => {
    const headers = await t.signIn('officer');
    for (let n = 0; n < 5; n++) await registerWithPhoto(headers, n);

    // Writers go on while the backup is taken.
    let writing = true;
    let written = 0;
    const writers = (async () => {
      while (writing) await registerWithPhoto(headers, 100 + written++);
    })();
    const out = join(work, 'first.tar.gz');
    const manifest = await writeBackup({ connectionString: t.connectionString, storage: t.storage, out }).finally(() => {
      writing = false;
    });
    await writers;
    expect(written).toBeGreaterThan(0);
    expect(await readManifest(out)).toEqual(manifest);

    const target = await emptyDatabase();
    const storage = ownStorage();
    await restoreBackup({ connectionString: target, storage, archive: out });
    // Every table has the backup's rows; the source has more complaints now (the writers').
    for (const table of manifest.tables) {
      const [row] = await rowsOf(target, `SELECT count(*)::int AS n FROM "${table.name}"`);
      expect(row!.n, table.name).toBe(table.rows);
    }
    const complaintsBacked = manifest.tables.find((x) => x.name === 'complaints')!.rows;
    const [now] = await rowsOf(t.connectionString, 'SELECT count(*)::int AS n FROM complaints');
    expect(now!.n).toBeGreaterThan(complaintsBacked);

    // Each restored complaint, its history and its audit events are the source's, row for row.
    const same = async (query: string) => {
      const theirs = await rowsOf(target, query);
      const ids = theirs.map((r) => r.id as number);
      const ours = await rowsOf(t.connectionString, `SELECT * FROM (${query}) q WHERE id IN (${ids.join(',') || 'NULL'})`);
      expect(theirs.length).toBeGreaterThan(0);
      expect(theirs).toEqual(ours);
    };
    await same('SELECT * FROM complaints ORDER BY id');
    await same('SELECT * FROM complaint_status_history ORDER BY id');
    await same('SELECT * FROM complaint_attachments ORDER BY id');
    await same('SELECT * FROM audit_events ORDER BY id');
    await same('SELECT * FROM users ORDER BY id');
    // New rows continue after the restored ones.
    const [next] = await rowsOf(target, "SELECT nextval(pg_get_serial_sequence('complaints', 'id'))::int AS id");
    const [highest] = await rowsOf(target, 'SELECT max(id)::int AS id FROM complaints');
    expect(next!.id).toBe(highest!.id + 1);

    // Every file a restored row names is in the new storage with its recorded SHA-256.
    const fileRows = await rowsOf(target, 'SELECT storage_name, sha256 FROM files');
    expect(fileRows.length).toBe(manifest.tables.find((x) => x.name === 'files')!.rows);
    for (const { storage_name, sha256 } of fileRows) {
      const body = await storage.read(storage_name as string);
      expect(
        createHash('sha256')
          .update(await buffer(body!))
          .digest('hex'),
        storage_name as string,
      ).toBe(sha256);
    }
    expect(manifest.missingFiles).toEqual([]);

    // A database or storage holding anything is refused, and left as it was; --force replaces.
    await expect(restoreBackup({ connectionString: target, storage: ownStorage(), archive: out })).rejects.toThrow(RestoreRefusedError);
    const [before] = await rowsOf(t.connectionString, 'SELECT count(*)::int AS n FROM complaints');
    const emptyTarget = await emptyDatabase();
    await expect(restoreBackup({ connectionString: emptyTarget, storage, archive: out })).rejects.toThrow(/file storage .* is not empty/);
    await restoreBackup({ connectionString: target, storage, archive: out, force: true });
    expect(before!.n).toBeGreaterThan(0);
    await emptied(storage);
  });

  it('refuses an archive whose file or table was altered, and keeps nothing of it in the database', async () => {
    const out = join(work, 'second.tar.gz');
    const manifest = await writeBackup({ connectionString: t.connectionString, storage: t.storage, out });
    const someFile = manifest.files[0]!.key;
    for (const [what, alter, reason] of [
      [
        'a file',
        (name: string, bytes: Buffer) =>
          name === `files/${someFile}` ? Buffer.concat([bytes.subarray(0, -1), Buffer.from([bytes.at(-1)! ^ 1])]) : bytes,
        `The archive's ${someFile} does not match its SHA-256`,
      ],
      ['a row', (name: string, bytes: Buffer) => (name === 'db/zones.copy' ? forgeFirstRow(bytes) : bytes), 'zones: restored'],
    ] as const) {
      const altered = join(work, `altered-${what.replace(' ', '-')}.tar.gz`);
      await repack(out, altered, alter);
      const target = await emptyDatabase();
      await expect(restoreBackup({ connectionString: target, storage: ownStorage(), archive: altered }), what).rejects.toThrow(reason);
      const client = new pg.Client({ connectionString: target });
      await client.connect();
      const [row] = (await client.query('SELECT count(*)::int AS n FROM users')).rows;
      await client.end();
      expect(row.n, what).toBe(0);
    }
  });

  it('runs as npm run backup and npm run restore, on DATABASE_URL and FILES_URL', async () => {
    const out = join(work, 'command.tar.gz');
    const run = promisify(execFile);
    const source = t.storage.where.startsWith('folder ') ? `file://${t.storage.where.slice(7)}` : inject('filesUrl')!;
    const backedUp = await run(process.execPath, ['--import', 'tsx', 'server/backup-command.ts', '--out', out], {
      env: { ...process.env, DATABASE_URL: t.connectionString, FILES_URL: source },
    });
    expect(backedUp.stdout).toMatch(/rows, \d+ files, in [\d.]+ s\./);
    const target = await emptyDatabase();
    const filesDir = join(work, 'restored-files');
    const restored = await run(process.execPath, ['--import', 'tsx', 'server/restore-command.ts', out], {
      env: { ...process.env, DATABASE_URL: target, FILES_URL: `file://${filesDir}` },
    });
    expect(restored.stdout).toContain('Restored the backup of');
    const manifest = await readManifest(out);
    expect((await keysOf(folderStorage(filesDir))).length).toBe(manifest.files.length);
    // Again into the same: refused, exit 1, with the reason.
    const again = await run(process.execPath, ['--import', 'tsx', 'server/restore-command.ts', out], {
      env: { ...process.env, DATABASE_URL: target, FILES_URL: `file://${filesDir}` },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining('The database is not empty') });
  });
});
