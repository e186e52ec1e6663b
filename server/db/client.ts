import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export function connect(connectionString: string, max = 10, onIdleError: (error: Error) => void = () => {}): Db {
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection the server closes (restart, failover, DROP … FORCE) must not take the
  // process down; the pool replaces it on the next query.
  pool.on('error', onIdleError);
  return drizzle({ client: pool, schema, casing: 'snake_case' });
}

/** Applies every pending migration; safe to run from many processes (drizzle takes a lock). */
export async function migrateDb(db: Db) {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}

/** One transaction's handle, for repositories that must share a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
