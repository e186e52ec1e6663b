import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg_ from 'pg';
import type { TestProject } from 'vitest/node';
import { connect, migrateDb } from '../db/client';
import { ensureDatabase } from '../db/database';
import { startEmbeddedPostgres } from '../db/embedded-postgres';
import { seedDemoData } from '../db/seed';
import { FIXTURE_IMAGES_DIR } from '../paths';
import { fileStore } from '../services/file-store';
import { folderStorage, storageFromUrl } from '../services/storage';
import { startBucketServer } from './bucket-server';
import './provided-context';
import { freePort } from './free-port';

/**
 * One PostgreSQL for the whole run, and one migrated, seeded template database; every test
 * file clones the template (tens of ms) instead of migrating and seeding its own.
 */
export default async function setup(project: TestProject) {
  const root = await mkdtemp(join(tmpdir(), 'complaint-desk-test-'));
  await chmod(root, 0o755);
  const filesDir = join(root, 'files');
  const inBucket = project.getProvidedContext().fileStorage === 'bucket';
  // Each project its own template, so that projects on one TEST_DATABASE_URL never meet.
  const template = `complaint_desk_template_${project.name.replace(/\W/g, '_')}`;
  const bucketServer = inBucket ? await startBucketServer(join(root, 's3')) : null;
  const storage = bucketServer ? storageFromUrl(bucketServer.filesUrl, filesDir) : folderStorage(filesDir);
  const imagesDir = FIXTURE_IMAGES_DIR;
  // TEST_DATABASE_URL (a server's maintenance database) runs the suite on any PostgreSQL.
  const external = process.env.TEST_DATABASE_URL;
  const pg = external
    ? null
    : await startEmbeddedPostgres({ dataDir: join(root, 'pg'), port: await freePort(), password: 'test', throwaway: true });
  const urlFor = (database: string) => {
    if (pg) return pg.connectionString(database);
    const url = new URL(external!);
    url.pathname = `/${database}`;
    return url.toString();
  };

  const admin = new pg_.Client({ connectionString: urlFor('postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  await ensureDatabase(urlFor('postgres'), template);
  const db = connect(urlFor(template), 2);
  await migrateDb(db);
  await seedDemoData(db, { imagesDir, store: fileStore(storage) });
  // Statistics and frozen rows for every clone to inherit; then no connection, autovacuum's
  // included, may hold the template open while clones are made (CREATE DATABASE would wait).
  await db.$client.query('VACUUM (FREEZE, ANALYZE)');
  await db.$client.end();
  await admin.query(`ALTER DATABASE ${template} WITH ALLOW_CONNECTIONS false`);
  await admin.end();

  project.provide('testDatabase', {
    adminUrl: urlFor('postgres'),
    urlFor: urlFor('DATABASE'),
    filesDir,
    imagesDir,
    template,
  });
  if (bucketServer) project.provide('filesUrl', bucketServer.filesUrl);
  return async () => {
    if (!pg) {
      // On a server that outlives the run: the clones that test files left (each file's last spare).
      const client = new pg_.Client({ connectionString: urlFor('postgres') });
      await client.connect();
      const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'test\\_%'");
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await client.end();
    }
    await pg?.stop();
    await bucketServer?.close();
    await rm(root, { recursive: true, force: true });
  };
}
