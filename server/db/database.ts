import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';
import pg from 'pg';

/** The embedded cluster's database of ours. */
export const EMBEDDED_DATABASE_NAME = 'complaint_desk';

/** Creates `name` on the server if it is missing (the embedded cluster starts with `postgres`). */
export async function ensureDatabase(adminConnectionString: string, name: string) {
  const client = new pg.Client({ connectionString: adminConnectionString });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** A secret made on first use and kept, readable by this user only, in the data folder. */
export async function localSecret(path: string): Promise<string> {
  try {
    return (await readFile(path, 'utf8')).trim();
  } catch {
    await mkdir(dirname(path), { recursive: true });
    const secret = randomBytes(24).toString('base64url');
    await writeFile(path, secret, { mode: 0o600, flag: 'wx' });
    await chmod(path, 0o600);
    return secret;
  }
}
