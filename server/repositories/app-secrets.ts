import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * A secret every API process shares, made once and kept in the database, so processes over
 * one PostgreSQL agree without configuration and nothing secret is in the repository.
 */
export async function sharedSecret(db: Db, name: string): Promise<string> {
  await db.execute(
    sql`INSERT INTO app_secrets (name, value) VALUES (${name}, ${randomBytes(32).toString('base64url')}) ON CONFLICT (name) DO NOTHING`,
  );
  const result = await db.execute<{ value: string }>(sql`SELECT value FROM app_secrets WHERE name = ${name}`);
  return result.rows[0]!.value;
}

/** Up, and the database answers (GET /api/health). */
export async function databaseAnswers(db: Db) {
  await db.execute(sql`select 1`);
}

/** When the newest migration applied was made (drizzle's journal `when`, its `created_at`); 0 when none. */
export async function latestMigrationApplied(db: Db): Promise<number> {
  const result = await db.execute<{ at: string | null }>(sql`SELECT max(created_at)::text AS at FROM drizzle.__drizzle_migrations`);
  return Number(result.rows[0]?.at ?? 0);
}
