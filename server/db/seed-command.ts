/** `npm run db:seed`: the demo data set into the database DATABASE_URL names, if it is empty. */
import { loadConfig } from '../config';
import { connect, migrateDb } from './client';
import { FIXTURE_IMAGES_DIR } from '../paths';
import { isEmpty, seedDemoData } from './seed';
import { fileStore } from '../services/file-store';
import { storageFromUrl } from '../services/storage';

const config = loadConfig();
if (!config.DATABASE_URL) throw new Error('Set DATABASE_URL: the embedded database seeds itself on first start.');
const db = connect(config.DATABASE_URL);
await migrateDb(db);
if (await isEmpty(db)) {
  await seedDemoData(db, { imagesDir: FIXTURE_IMAGES_DIR, store: fileStore(storageFromUrl(config.FILES_URL, config.filesDir)) });
  console.log('Demo data seeded.');
} else {
  console.log('The database already holds users; nothing seeded.');
}
await db.$client.end();
