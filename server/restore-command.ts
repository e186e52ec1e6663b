/**
 * `npm run restore -- FILE [--force]`: a backup archive back into the database (DATABASE_URL, or
 * DATA_DIR's embedded one, the server stopped) and the file storage (FILES_URL or DATA_DIR/files).
 * Refuses a database or storage that holds anything unless `--force`; commits only when every
 * table's rows and checksum and every file's SHA-256 are the backup's (services/backup.ts).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { commandDatabase } from './db/command-database';
import { RestoreRefusedError, restoreBackup } from './services/backup';
import { storageFromUrl } from './services/storage';

const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
if (positionals.length !== 1) {
  console.error('Name the archive: npm run restore -- backups/complaint-desk-2026-11-28.tar.gz [--force]');
  process.exit(2);
}
const config = loadConfig();
const storage = storageFromUrl(config.FILES_URL, config.filesDir);
let database: Awaited<ReturnType<typeof commandDatabase>>;
try {
  database = await commandDatabase(config, 'refuse');
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
try {
  console.log(`Restoring ${resolve(positionals[0]!)} into ${database.where} and the ${storage.where}…`);
  const manifest = await restoreBackup({
    connectionString: database.connectionString,
    storage,
    archive: resolve(positionals[0]!),
    force: values.force,
    log: console.log,
  });
  console.log(`Restored the backup of ${manifest.createdAt}.`);
} catch (error) {
  console.error(error instanceof RestoreRefusedError ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.stop();
}
