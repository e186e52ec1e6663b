import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import tar from 'tar-stream';
import { FILE_VARIANTS } from '../../contract/files';
import { MIGRATIONS_DIR } from '../paths';
import { contentTypeOf } from './copy-storage';
import { variantKey } from './file-store';
import type { Storage } from './storage';
import { sha256 } from './tokens';

/**
 * One backup archive (issue 33): a gzipped tar holding `manifest.json`, each table of the
 * database as PostgreSQL's COPY text (`db/<table>.copy`) and each stored file (`files/<key>`).
 *
 * Why COPY and not `pg_dump`: the embedded PostgreSQL (18) comes without `pg_dump`, and a
 * `pg_dump` older than the server refuses it (Debian 12 ships 15); COPY inside one
 * REPEATABLE READ, READ ONLY transaction is the same consistent snapshot pg_dump takes, from
 * any PostgreSQL the product runs on, and restores into the schema this release migrates to.
 */
export interface Manifest {
  format: 'complaint-desk-backup';
  version: 1;
  createdAt: string;
  /** The newest migration of the database (drizzle's `when`): a backup restores into the same release. */
  migration: number;
  /** Each table with its rows and a checksum of them. */
  tables: { name: string; rows: number; checksum: string }[];
  files: { key: string; size: number; sha256: string }[];
  /** Originals a row names that the storage did not have when the backup was taken. */
  missingFiles: string[];
}

/** The newest migration this release ships. */
export const newestMigration = () => Math.max(...readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => m.folderMillis));

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The application's tables (schema public). */
async function tablesOf(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`,
  );
  return rows.map((r) => r.name);
}

/** The foreign keys between them (some go round: a user's avatar is a file, a file has its owner). */
async function foreignKeys(client: pg.ClientBase) {
  const { rows } = await client.query<{ table: string; name: string; definition: string }>(
    `SELECT c.relname AS table, k.conname AS name, pg_get_constraintdef(k.oid) AS definition FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public' ORDER BY c.relname, k.conname`,
  );
  return rows;
}

/** The columns COPY carries (generated ones are computed again on restore). */
async function copiedColumns(client: pg.ClientBase, table: string): Promise<string> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
      ORDER BY attnum`,
    [quote(table)],
  );
  return rows.map((r) => quote(r.name)).join(', ');
}

/** The rows of a table and an order-free checksum of them (each row's text hashed, summed). */
async function tableFigures(client: pg.ClientBase, table: string) {
  const { rows } = await client.query<{ rows: string; checksum: string }>(
    `SELECT count(*)::text AS rows, coalesce(sum(hashtextextended(t::text, 0)::numeric), 0)::text AS checksum FROM ${quote(table)} t`,
  );
  return { rows: Number(rows[0]!.rows), checksum: rows[0]!.checksum };
}

/** Hashes what passes through, as it passes. */
function hashing() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ sha256: hash.digest('hex'), size }) };
}

/**
 * Writes a backup of the database at `connectionString` and of the files its rows name to `out`
 * (written aside, renamed when whole). The database is read in one snapshot while writers go
 * on; a file is kept before its row is written, so every row of the snapshot has its file.
 */
export async function writeBackup({
  connectionString,
  storage,
  out,
  log = () => {},
}: {
  connectionString: string;
  storage: Storage;
  out: string;
  log?: (line: string) => void;
}): Promise<Manifest> {
  const staging = await mkdtemp(join(tmpdir(), 'complaint-desk-backup-'));
  const client = new pg.Client({ connectionString, application_name: 'complaint-desk-backup' });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const { rows: migrated } = await client.query<{ at: string | null }>(
      'SELECT max(created_at)::text AS at FROM drizzle.__drizzle_migrations',
    );
    const manifest: Manifest = {
      format: 'complaint-desk-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      migration: Number(migrated[0]?.at ?? 0),
      tables: [],
      files: [],
      missingFiles: [],
    };
    for (const name of await tablesOf(client)) {
      const columns = await copiedColumns(client, name);
      await pipeline(client.query(copyTo(`COPY ${quote(name)} (${columns}) TO STDOUT`)), createWriteStream(join(staging, `${name}.copy`)));
      manifest.tables.push({ name, ...(await tableFigures(client, name)) });
    }
    const { rows: stored } = await client.query<{ storage_name: string }>('SELECT storage_name FROM files ORDER BY storage_name');
    await client.query('COMMIT');
    log(`database: ${manifest.tables.length} tables, ${manifest.tables.reduce((n, t) => n + t.rows, 0)} rows`);

    const pack = tar.pack();
    const written = pipeline(pack, createGzip({ level: 6 }), createWriteStream(`${out}.partial`));
    // Awaited below; if an entry fails first, its failure is the one told.
    written.catch(() => {});
    const entry = (name: string, size: number, body: Readable) =>
      new Promise<void>((resolve, reject) => {
        const sink = pack.entry({ name, size, mode: 0o600 }, (error) => (error ? reject(error) : resolve()));
        body.on('error', reject);
        body.pipe(sink);
      });
    for (const table of manifest.tables) {
      const path = join(staging, `${table.name}.copy`);
      await entry(`db/${table.name}.copy`, (await stat(path)).size, createReadStream(path));
    }
    for (const { storage_name: original } of stored) {
      for (const key of [original, ...FILE_VARIANTS.map((variant) => variantKey(original, variant))]) {
        const size = await storage.size(key);
        const body = size === null ? null : await storage.read(key);
        if (size === null || !body) {
          if (key === original) manifest.missingFiles.push(key);
          continue;
        }
        const hash = hashing();
        await entry(`files/${key}`, size, body.pipe(hash.stream));
        manifest.files.push({ key, ...hash.result() });
      }
    }
    log(`files: ${manifest.files.length} (${manifest.missingFiles.length} named but missing)`);
    // Last, so that it can name every file's hash; a restore reads it first in a pass of its own.
    const text = Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
    await entry('manifest.json', text.length, Readable.from([text]));
    pack.finalize();
    await written;
    const file = await open(`${out}.partial`, 'r');
    await file.sync().finally(() => file.close());
    await rename(`${out}.partial`, out);
    return manifest;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    await rm(`${out}.partial`, { force: true });
    throw error;
  } finally {
    await client.end();
    await rm(staging, { recursive: true, force: true });
  }
}

/** Each entry of an archive in turn, its body a stream the callback reads (or leaves, to skip). */
async function eachEntry(archive: string, onEntry: (name: string, body: AsyncIterable<Buffer>) => Promise<void>) {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(archive), createGunzip(), extract);
  try {
    for await (const entry of extract) {
      // An entry yields the archive's bytes: Buffers.
      await onEntry(entry.header.name, entry as AsyncIterable<unknown> as AsyncIterable<Buffer>);
      entry.resume();
    }
  } catch (error) {
    // Stopped early: the reading fails too (its stream destroyed), the first failure is the one told.
    reading.catch(() => {});
    throw error;
  }
  await reading;
}

export async function readManifest(archive: string): Promise<Manifest> {
  let manifest: Manifest | undefined;
  await eachEntry(archive, async (name, body) => {
    if (name === 'manifest.json') manifest = JSON.parse((await buffer(body)).toString('utf8')) as Manifest;
  });
  if (manifest?.format !== 'complaint-desk-backup' || manifest.version !== 1) throw new Error(`${archive} is not a Complaint Desk backup`);
  return manifest;
}

export class RestoreRefusedError extends Error {}

/**
 * Restores `archive` into the (migrated) database at `connectionString` and into `storage`:
 * refused when either holds anything, unless `force` (the database's tables are then emptied,
 * the storage's objects of the same names replaced). The tables are filled in one transaction,
 * their triggers off (the rows are restored as they were, never recomputed), and committed
 * only when every table's rows and checksum are the backup's; every file is checked against its
 * SHA-256 before it is kept.
 */
export async function restoreBackup({
  connectionString,
  storage,
  archive,
  force = false,
  log = () => {},
}: {
  connectionString: string;
  storage: Storage;
  archive: string;
  force?: boolean;
  log?: (line: string) => void;
}): Promise<Manifest> {
  const manifest = await readManifest(archive);
  if (manifest.migration !== newestMigration())
    throw new RestoreRefusedError(
      `The backup is of another release's database (migration ${manifest.migration}, this release ${newestMigration()}): restore it with the release that made it, then start this one.`,
    );
  const client = new pg.Client({ connectionString, application_name: 'complaint-desk-restore' });
  await client.connect();
  try {
    const tables = await tablesOf(client);
    const missing = manifest.tables.filter((t) => !tables.includes(t.name));
    if (missing.length > 0) throw new RestoreRefusedError(`The database has no table ${missing.map((t) => t.name).join(', ')}`);
    const holding = [];
    // A new database holds one row of its own: the audit chain's head before any event (migration 0025).
    const ownRows = (name: string) => (name === 'chain_heads' ? ' WHERE seq > 0' : '');
    for (const name of tables)
      if ((await client.query(`SELECT 1 FROM ${quote(name)}${ownRows(name)} LIMIT 1`)).rowCount) holding.push(name);
    if (holding.length > 0 && !force)
      throw new RestoreRefusedError(
        `The database is not empty (${holding.slice(0, 5).join(', ')}…): restore into an empty one, or pass --force to replace it.`,
      );
    let storageHolds = false;
    for await (const _ of storage.list()) {
      storageHolds = true;
      break;
    }
    if (storageHolds && !force)
      throw new RestoreRefusedError(`The file storage (${storage.where}) is not empty: restore into an empty one, or pass --force.`);

    await client.query('BEGIN');
    // Empty, or the rows given up with --force: the archive's rows come in place of them all.
    await client.query(`TRUNCATE ${tables.map(quote).join(', ')} RESTART IDENTITY CASCADE`);
    // As pg_restore does: the foreign keys are made again once every row is in, and checked then.
    const keys = await foreignKeys(client);
    for (const key of keys) await client.query(`ALTER TABLE ${quote(key.table)} DROP CONSTRAINT ${quote(key.name)}`);
    for (const name of tables) await client.query(`ALTER TABLE ${quote(name)} DISABLE TRIGGER USER`);
    const expected = new Map(manifest.files.map((f) => [f.key, f]));
    let files = 0;
    await eachEntry(archive, async (name, body) => {
      if (name.startsWith('db/')) {
        const table = name.slice(3).replace(/\.copy$/, '');
        if (!manifest.tables.some((t) => t.name === table)) throw new Error(`The archive holds an unknown table ${table}`);
        const columns = await copiedColumns(client, table);
        await pipeline(body, client.query(copyFrom(`COPY ${quote(table)} (${columns}) FROM STDIN`)));
      } else if (name.startsWith('files/')) {
        const key = name.slice(6);
        const bytes = await buffer(body);
        if (expected.get(key)?.sha256 !== sha256(bytes)) throw new Error(`The archive's ${key} does not match its SHA-256 in the manifest`);
        await storage.put(key, bytes, contentTypeOf(key));
        files++;
      }
    });
    for (const name of tables) await client.query(`ALTER TABLE ${quote(name)} ENABLE TRIGGER USER`);
    for (const key of keys) await client.query(`ALTER TABLE ${quote(key.table)} ADD CONSTRAINT ${quote(key.name)} ${key.definition}`);
    // Each identity and serial column continues after the highest id restored.
    const { rows: sequences } = await client.query<{ table: string; column: string; sequence: string }>(
      `SELECT c.relname AS table, a.attname AS column, pg_get_serial_sequence(quote_ident(c.relname), a.attname) AS sequence
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
          AND pg_get_serial_sequence(quote_ident(c.relname), a.attname) IS NOT NULL`,
    );
    for (const { table, column, sequence } of sequences)
      await client.query(
        `SELECT setval($1, coalesce((SELECT max(${quote(column)}) FROM ${quote(table)}), 1), (SELECT max(${quote(column)}) IS NOT NULL FROM ${quote(table)}))`,
        [sequence],
      );
    for (const table of manifest.tables) {
      const now = await tableFigures(client, table.name);
      if (now.rows !== table.rows || now.checksum !== table.checksum)
        throw new Error(
          `${table.name}: restored ${now.rows} rows (checksum ${now.checksum}), the backup has ${table.rows} (${table.checksum})`,
        );
    }
    if (files !== manifest.files.length) throw new Error(`The archive holds ${files} files, its manifest ${manifest.files.length}`);
    await client.query('COMMIT');
    log(`restored ${manifest.tables.length} tables and ${files} files, each checked`);
    return manifest;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
