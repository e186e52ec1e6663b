/** Starts Complaint Desk: PostgreSQL (embedded or DATABASE_URL), migrations, demo data, HTTP. */
import { join } from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { connect, migrateDb } from './db/client';
import { ensureDatabase, localSecret } from './db/database';
import { startEmbeddedPostgres, type RunningPostgres } from './db/embedded-postgres';
import { isEmpty, prepareDatabase, seedDemoData } from './db/seed';
import { FIXTURE_IMAGES_DIR } from './paths';

const DATABASE_NAME = 'complaint_desk';
const config = loadConfig();
const imagesDir = FIXTURE_IMAGES_DIR;

let embedded: RunningPostgres | null = null;
let connectionString = config.DATABASE_URL;
if (!connectionString) {
  embedded = await startEmbeddedPostgres({
    dataDir: join(config.dataDir, 'pg'),
    port: config.EMBEDDED_PG_PORT,
    password: await localSecret(join(config.dataDir, 'pg-password')),
  });
  await ensureDatabase(embedded.connectionString('postgres'), DATABASE_NAME);
  connectionString = embedded.connectionString(DATABASE_NAME);
}

let stopping = false;
// pg-pool's end() resolves before its sockets close, so stopping PostgreSQL right after may
// close a few idle connections under it: expected then, worth a line at any other time.
const db = connect(connectionString, 10, (error) => {
  if (!stopping) console.error('PostgreSQL closed an idle connection:', error.message);
});
await migrateDb(db);
// Demo data goes into an empty embedded database only; a real server gets the reference data
// and, when ADMIN_EMAIL and ADMIN_PASSWORD are set, its first administrator.
if (embedded && (await isEmpty(db))) {
  await seedDemoData(db, { imagesDir, filesDir: config.filesDir });
} else if (!embedded) {
  const admin = config.ADMIN_EMAIL && config.ADMIN_PASSWORD ? { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD } : undefined;
  await prepareDatabase(db, admin);
}

const app = await buildApp({ db, config, imagesDir, logger: { level: config.LOG_LEVEL } });

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await db.$client.end();
  await embedded?.stop();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
