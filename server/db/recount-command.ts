/**
 * `npm run db:recount`: the dashboard's counts made again from the complaints (the function of
 * migration 0021), for a database written to with its triggers off, or restored from elsewhere.
 * The database DATABASE_URL names, or the embedded one of DATA_DIR while `npm start` runs it.
 * Writers wait while it counts (it locks the complaints against change); readers do not.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { connect } from './client';
import { EMBEDDED_DATABASE_NAME } from './database';

const config = loadConfig();
let url = config.DATABASE_URL;
if (!url) {
  const password = await readFile(join(config.dataDir, 'pg-password'), 'utf8').catch(() => null);
  if (password === null) {
    console.error(`No embedded database in ${config.dataDir}: start it with npm start, or set DATABASE_URL.`);
    process.exit(1);
  }
  url = `postgres://postgres:${encodeURIComponent(password.trim())}@127.0.0.1:${config.EMBEDDED_PG_PORT}/${EMBEDDED_DATABASE_NAME}`;
}
const db = connect(url);
try {
  const started = performance.now();
  await db.execute(sql`select complaint_counts_recompute()`);
  const { rows } = await db.execute<{ complaints: string; counts: string }>(
    sql`select (select count(*) from complaints) as complaints, (select count(*) from complaint_counts) as counts`,
  );
  console.log(
    `Counted ${rows[0]!.complaints} complaints into ${rows[0]!.counts} summary rows in ${Math.round(performance.now() - started)} ms.`,
  );
} catch (error) {
  console.error(`The recount failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.$client.end();
}
