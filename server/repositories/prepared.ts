import type { DbOrTx } from '../db/client';

const statements = new WeakMap<DbOrTx, Map<string, unknown>>();

/** PostgreSQL cuts longer names short, and two cut to the same prefix collide ("already exists"). */
const MAX_STATEMENT_NAME = 63;

/**
 * A query prepared once per database handle under a name (drizzle `.prepare`, values as
 * `sql.placeholder`): turned into SQL once, and parsed and planned by PostgreSQL once per
 * connection, instead of on every call. The name must stand for one SQL text only.
 */
export function prepared<Q>(db: DbOrTx, name: string, prepare: (name: string) => Q): Q {
  if (name.length > MAX_STATEMENT_NAME) throw new Error(`Prepared statement name over ${MAX_STATEMENT_NAME} characters: ${name}`);
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  if (!byName.has(name)) byName.set(name, prepare(name));
  return byName.get(name) as Q;
}
