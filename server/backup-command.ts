/**
 * `npm run backup -- --out FILE`: one archive of the database (a consistent snapshot, taken while
 * the server runs) and of every stored file, with a manifest of each table's rows and each
 * file's SHA-256 (services/backup.ts). Reads DATABASE_URL or DATA_DIR, and FILES_URL.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { commandDatabase } from './db/command-database';
import { writeBackup } from './services/backup';
import { storageFromUrl } from './services/storage';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) {
  console.error('Name the archive: npm run backup -- --out backups/complaint-desk-$(date +%F).tar.gz');
  process.exit(2);
}
const config = loadConfig();
const storage = storageFromUrl(config.FILES_URL, config.filesDir);
const database = await commandDatabase(config, 'use');
try {
  const began = Date.now();
  console.log(`Backing up ${database.where} and the files in the ${storage.where}…`);
  const manifest = await writeBackup({ connectionString: database.connectionString, storage, out: resolve(values.out), log: console.log });
  const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
  console.log(`${resolve(values.out)}: ${rows} rows, ${manifest.files.length} files, in ${((Date.now() - began) / 1000).toFixed(1)} s.`);
  if (manifest.missingFiles.length > 0)
    console.warn(`Named by a row but missing from the storage, so not in the archive: ${manifest.missingFiles.join(', ')}`);
} finally {
  await database.stop();
}
