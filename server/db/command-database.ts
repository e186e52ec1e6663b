import { join } from 'node:path';
import type { Config } from '../config';
import { connect, migrateDb } from './client';
import { EMBEDDED_DATABASE_NAME, ensureDatabase, localSecret } from './database';
import { runningPostmasterPort, startEmbeddedPostgres } from './embedded-postgres';

/**
 * The database a command (backup, restore) works on: DATABASE_URL's, or the embedded one of
 * DATA_DIR: the server's own while it runs (`whileServerRuns: 'use'`), or started here (and
 * stopped after) when it does not. A restore refuses a running server (`'refuse'`).
 */
export async function commandDatabase(config: Config, whileServerRuns: 'use' | 'refuse') {
  if (config.DATABASE_URL) return { connectionString: config.DATABASE_URL, where: 'DATABASE_URL', stop: async () => {} };
  const pgDir = join(config.dataDir, 'pg');
  const password = await localSecret(join(config.dataDir, 'pg-password'));
  const running = await runningPostmasterPort(pgDir);
  if (running !== null) {
    if (whileServerRuns === 'refuse') throw new Error(`The server is running on ${config.dataDir}: stop it first.`);
    const connectionString = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${running}/${EMBEDDED_DATABASE_NAME}`;
    return { connectionString, where: `the running server's database (${pgDir})`, stop: async () => {} };
  }
  const embedded = await startEmbeddedPostgres({ dataDir: pgDir, port: config.EMBEDDED_PG_PORT, password });
  await ensureDatabase(embedded.connectionString('postgres'), EMBEDDED_DATABASE_NAME);
  const connectionString = embedded.connectionString(EMBEDDED_DATABASE_NAME);
  const db = connect(connectionString, 1);
  await migrateDb(db).finally(() => db.$client.end());
  return { connectionString, where: `the embedded database (${pgDir})`, stop: () => embedded.stop() };
}
