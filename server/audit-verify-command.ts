/**
 * `npm run audit:verify`: checks the audit trail's and every complaint's status-history hash
 * chain whole (issue 35): each row's hash made again from its content, each link to the row
 * before, no place missing, each head at its chain's last row. Names the first row that breaks
 * it and exits 1; otherwise prints the trail's head, to keep apart from the database. Notes the
 * check on the head, where administrators see it. The database DATABASE_URL names, or the
 * embedded one of DATA_DIR (the running server's, or started for the check).
 */
import { loadConfig } from './config';
import { connect } from './db/client';
import { commandDatabase } from './db/command-database';
import { checkChains, describeBreak, recordCheck } from './repositories/chains';

const config = loadConfig();
const database = await commandDatabase(config, 'use');
const db = connect(database.connectionString, 1);
try {
  const started = performance.now();
  // One snapshot: writers carry on, and the check sees the chains as of one moment.
  const check = await db.transaction((tx) => checkChains(tx), { isolationLevel: 'repeatable read', accessMode: 'read only' });
  await recordCheck(db, check);
  const took = Math.round(performance.now() - started);
  if (check.broken) {
    console.error(`BROKEN: ${describeBreak(check.broken)}.`);
    console.error(`Checked ${database.where} in ${took} ms.`);
    process.exitCode = 1;
  } else {
    console.log(
      `Whole: ${check.auditEvents} audit events and ${check.historyRows} status-history rows of ${check.complaints} complaints (${database.where}, ${took} ms).`,
    );
    console.log(`Audit trail head: event ${check.head.seq}, SHA-256 ${check.head.hash}`);
  }
} catch (error) {
  console.error(`The check could not run: ${(error as Error).message}`);
  process.exitCode = 2;
} finally {
  await db.$client.end();
  await database.stop();
}
