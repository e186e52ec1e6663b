// A PostgreSQL server of its own, for the DATABASE_URL path in CI: the embedded binaries
// run as a separate process until SIGTERM. Usage: tsx scripts/postgres-server.ts DIR PORT PASSWORD
// Throwaway, like the test suites' own cluster: the folder is deleted afterwards, so it skips fsync.
import { startEmbeddedPostgres } from '../server/db/embedded-postgres';

const [dataDir, port, password] = process.argv.slice(2);
if (!dataDir || !port || !password) throw new Error('usage: postgres-server.ts DIR PORT PASSWORD');
const pg = await startEmbeddedPostgres({ dataDir, port: Number(port), password, throwaway: true });
console.log(`ready ${pg.connectionString('postgres')}`);
const stop = async () => {
  await pg.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
