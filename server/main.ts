/**
 * Starts Complaint Desk: PostgreSQL (embedded or DATABASE_URL), migrations, demo data, HTTP.
 * With WORKERS=n (n > 1) this process prepares the database, then runs n API processes on the
 * one port (Node's cluster) over it, and starts a new one when one dies.
 */
import cluster, { type Worker } from 'node:cluster';
import { join } from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { connect, migrateDb, type Db } from './db/client';
import { EMBEDDED_DATABASE_NAME, ensureDatabase, localSecret } from './db/database';
import { startEmbeddedPostgres, type RunningPostgres } from './db/embedded-postgres';
import { isEmpty, prepareDatabase, seedDemoData } from './db/seed';
import { FIXTURE_IMAGES_DIR } from './paths';
import { fileStore } from './services/file-store';
import { storageFromUrl } from './services/storage';
import { serveClusterMetrics } from './services/metrics';

/** Set by the primary for its workers: the database is ready; start serving. */
const PREPARED = 'COMPLAINT_DESK_DATABASE_PREPARED';
const config = loadConfig();
const imagesDir = FIXTURE_IMAGES_DIR;
/** Where uploads are kept (FILES_URL): a mistake in it stops the start here, with its reason. */
const storage = storageFromUrl(config.FILES_URL, config.filesDir);

let stopping = false;
const onIdleError = (error: Error) => {
  // pg-pool's end() resolves before its sockets close, so stopping PostgreSQL right after may
  // close a few idle connections under it: expected then, worth a line at any other time.
  if (!stopping) console.error('PostgreSQL closed an idle connection:', error.message);
};

/** The database to use, migrated and filled: embedded with demo data, or DATABASE_URL's. */
async function prepare(): Promise<{ connectionString: string; embedded: RunningPostgres | null }> {
  let embedded: RunningPostgres | null = null;
  let connectionString = config.DATABASE_URL;
  if (!connectionString) {
    embedded = await startEmbeddedPostgres({
      dataDir: join(config.dataDir, 'pg'),
      port: config.EMBEDDED_PG_PORT,
      password: await localSecret(join(config.dataDir, 'pg-password')),
    });
    await ensureDatabase(embedded.connectionString('postgres'), EMBEDDED_DATABASE_NAME);
    connectionString = embedded.connectionString(EMBEDDED_DATABASE_NAME);
  }
  const db = connect(connectionString, 2, onIdleError);
  try {
    await migrateDb(db);
    // Demo data goes into an empty embedded database only; a real server gets the reference data
    // and, when ADMIN_EMAIL and ADMIN_PASSWORD are set, its first administrator.
    if (embedded && (await isEmpty(db))) {
      await seedDemoData(db, { imagesDir, store: fileStore(storage) });
    } else if (!embedded) {
      const admin =
        config.ADMIN_EMAIL && config.ADMIN_PASSWORD ? { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD } : undefined;
      await prepareDatabase(db, admin);
    }
  } finally {
    await db.$client.end();
  }
  return { connectionString, embedded };
}

/** One API process: its own pool and auth cache, listening on PORT (shared under cluster). */
async function serve(connectionString: string, embedded: RunningPostgres | null) {
  const db: Db = connect(connectionString, 10, onIdleError);
  const app = await buildApp({ db, config, imagesDir, storage, logger: { level: config.LOG_LEVEL } });

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
  // A worker whose primary is gone (killed outright) must not hold the port on its own.
  if (cluster.isWorker) process.on('disconnect', () => void shutdown('primary gone'));

  await app.listen({ port: config.PORT, host: config.HOST });
}

/** The cluster's primary: prepares the database, keeps WORKERS API processes running, stops them. */
async function supervise() {
  const { connectionString, embedded } = await prepare();
  const env = { DATABASE_URL: connectionString, [PREPARED]: 'true' };
  const fork = () => cluster.fork(env);
  const exited = new Map<number, Promise<void>>();
  const track = (worker: Worker) => exited.set(worker.id, new Promise((resolve) => worker.once('exit', () => resolve())));

  cluster.on('exit', (worker, code, signal) => {
    exited.delete(worker.id);
    if (stopping) return;
    console.error(`API process ${worker.process.pid} ended (${signal ?? `exit ${code}`}); starting another`);
    // Not at once: a process that dies on start would otherwise spin.
    setTimeout(() => !stopping && track(fork()), 1_000);
  });
  // /metrics in any worker answers every worker's numbers, added up here.
  if (config.METRICS_TOKEN) serveClusterMetrics();
  for (let i = 0; i < config.WORKERS; i++) track(fork());
  console.log(`Complaint Desk: ${config.WORKERS} API processes on ${config.HOST}:${config.PORT}`);

  async function shutdown() {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    const timeout = setTimeout(() => Object.values(cluster.workers ?? {}).forEach((w) => w?.process.kill('SIGKILL')), 20_000);
    await Promise.all(exited.values());
    clearTimeout(timeout);
    await embedded?.stop();
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
}

if (process.env[PREPARED] === 'true') {
  // A worker: the primary has prepared the database and owns the embedded PostgreSQL.
  await serve(config.DATABASE_URL!, null);
} else if (config.WORKERS > 1 && cluster.isPrimary) {
  await supervise();
} else {
  const { connectionString, embedded } = await prepare();
  await serve(connectionString, embedded);
}
