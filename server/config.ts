import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_SESSION_TTL_HOURS } from '../domain/accounts';
import { DEFAULT_EVIDENCE_RULES, DEFAULT_PHOTO_ZONE, type EvidenceRules } from '../domain/evidence';
import { checkTimeZone } from '../domain/exports';
import { DEFAULT_UPLOAD_ALLOWANCE } from '../domain/files';
import { DEFAULT_EXPORT_TIME_LIMIT_SECONDS } from './http/stream';

const isTimeZone = (zone: string) => {
  try {
    return checkTimeZone(zone) === zone;
  } catch {
    return false;
  }
};

/** Every setting comes from the environment, with safe defaults for the embedded mode. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** Any PostgreSQL server; when unset the server runs its own in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('.data'),
  /**
   * Where uploads are kept: unset, the folder DATA_DIR/files; `s3://bucket/prefix?endpoint=…`
   * a bucket of S3-compatible storage (credentials as the AWS SDK finds them); `file:///path` a
   * folder. See services/storage.ts.
   */
  FILES_URL: z.string().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(DEFAULT_SESSION_TTL_HOURS),
  /** Where the SPA is served from in links sent by mail. */
  APP_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Complaint Desk <no-reply@complaint-desk.local>'),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(12).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SPA_DIR: z.string().default('dist'),
  /** Test servers only: exposes POST /api/test/reset, which wipes the database back to the demo data. */
  ALLOW_TEST_RESET: z.enum(['true', 'false']).default('false'),
  /**
   * Keep sessions, privilege answers and each user's poll in each process, dropped on the
   * database's change notices (LISTEN/NOTIFY). Turn off behind a connection pooler that cannot
   * LISTEN (PgBouncer in transaction mode): every request then asks PostgreSQL.
   */
  PROCESS_CACHE: z.enum(['on', 'off']).default('on'),
  /** API processes on the one port (Node's cluster), all over the same PostgreSQL. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** Behind a load balancer: trust its X-Forwarded-For (per-address throttling needs the real address). */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** An upload attached to no complaint, justification or avatar this many hours after it came is deleted. */
  UPLOAD_UNATTACHED_HOURS: z.coerce.number().positive().default(DEFAULT_UPLOAD_ALLOWANCE.unattachedHours),
  /** Each user's unattached uploads add up to at most this many MB. */
  UPLOAD_QUOTA_MB: z.coerce.number().positive().default(DEFAULT_UPLOAD_ALLOWANCE.quotaMb),
  /** How often each process looks for unattached uploads to delete (only one process at a time does). */
  UPLOAD_CLEANUP_MINUTES: z.coerce.number().positive().default(15),
  /**
   * Seals each user's two-factor secret (32 bytes, base64). Unset: a key file made in
   * DATA_DIR/secrets on first start. Give every machine the same key when they share one database.
   */
  TWO_FACTOR_KEY: z.string().optional(),
  /**
   * The longest a CSV export may hold its database connection: a client too slow to take the
   * file by then has its download cut off (it fails, never looks whole).
   */
  /**
   * Turns on GET /metrics (Prometheus' text format) for whoever sends `Authorization: Bearer`
   * with this token (at least 32 characters); unset, there is no /metrics.
   */
  METRICS_TOKEN: z.string().min(32, 'METRICS_TOKEN: at least 32 characters').optional(),
  EXPORT_TIME_LIMIT_SECONDS: z.coerce.number().positive().default(DEFAULT_EXPORT_TIME_LIMIT_SECONDS),
  /** The zone a photo's capture time is taken to be in when the photo names no offset. */
  PHOTO_TIME_ZONE: z.string().refine(isTimeZone, 'PHOTO_TIME_ZONE: an IANA time zone, e.g. Asia/Kuala_Lumpur').default(DEFAULT_PHOTO_ZONE),
  /** A complaint's photo taken more than this many hours before the stated misconduct is a finding. */
  EVIDENCE_HOURS_BEFORE: z.coerce
    .number()
    .min(0)
    .default(DEFAULT_EVIDENCE_RULES.minutesBefore / 60),
  /** … or more than this many hours after it. */
  EVIDENCE_HOURS_AFTER: z.coerce
    .number()
    .min(0)
    .default(DEFAULT_EVIDENCE_RULES.minutesAfter / 60),
  /** Two photos of one complaint further apart than this many metres are a finding. */
  EVIDENCE_FAR_APART_METERS: z.coerce.number().int().min(0).default(DEFAULT_EVIDENCE_RULES.farApartMeters),
});

/** The evidence rules the configuration names. */
export function evidenceRulesOf(
  config: Partial<Pick<Config, 'EVIDENCE_HOURS_BEFORE' | 'EVIDENCE_HOURS_AFTER' | 'EVIDENCE_FAR_APART_METERS'>>,
): EvidenceRules {
  return {
    ...DEFAULT_EVIDENCE_RULES,
    minutesBefore: Math.round((config.EVIDENCE_HOURS_BEFORE ?? DEFAULT_EVIDENCE_RULES.minutesBefore / 60) * 60),
    minutesAfter: Math.round((config.EVIDENCE_HOURS_AFTER ?? DEFAULT_EVIDENCE_RULES.minutesAfter / 60) * 60),
    farApartMeters: config.EVIDENCE_FAR_APART_METERS ?? DEFAULT_EVIDENCE_RULES.farApartMeters,
  };
}

export type Config = z.infer<typeof envSchema> & { dataDir: string; filesDir: string; spaDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.parse(env);
  const dataDir = resolve(parsed.DATA_DIR);
  return { ...parsed, dataDir, filesDir: resolve(dataDir, 'files'), spaDir: resolve(parsed.SPA_DIR) };
}
