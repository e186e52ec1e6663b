import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { DEMO_PASSWORD, demoAccounts } from '../../fixtures';
import { buildApp } from '../app';
import type { Config } from '../config';
import { connect, type Db } from '../db/client';
import { finishSignIn, Phones } from '../../fixtures/phones';
import './provided-context';
import { folderStorage, type Storage, storageFromUrl } from '../services/storage';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Role = keyof typeof demoAccounts;

/**
 * The next test's database, cloned while this test runs: a clone costs PostgreSQL a few
 * hundred ms of its own CPU, which then overlaps the test instead of preceding the next one.
 * The last spare of a test file is dropped with the rest of the run's (global-setup.ts).
 */
let spare: Promise<string> | undefined;

async function cloneTemplate(adminUrl: string): Promise<string> {
  const { template } = inject('testDatabase');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await client.end();
  }
  return name;
}

function takeClone(adminUrl: string): Promise<string> {
  const taken = spare ?? cloneTemplate(adminUrl);
  const next = cloneTemplate(adminUrl);
  next.catch(() => {}); // a failure shows when it is taken
  spare = next;
  return taken;
}

/** The run's storage, where the demo data's files are: its folder, or its bucket (the project's `fileStorage`). */
export function sharedStorage(): Storage {
  const filesUrl = inject('filesUrl');
  return filesUrl ? storageFromUrl(filesUrl, '/nonexistent') : folderStorage(inject('testDatabase').filesDir);
}

/** An empty storage of the run's kind for one test file: a new folder, or a new prefix in the bucket. */
export function ownStorage(): Storage {
  const filesUrl = inject('filesUrl');
  if (!filesUrl) return folderStorage(mkdtempSync(join(tmpdir(), 'complaint-desk-files-')));
  const url = new URL(filesUrl);
  url.pathname = `/${randomBytes(6).toString('hex')}/`;
  return storageFromUrl(url.toString(), '/nonexistent');
}

/**
 * A fresh database cloned from the seeded template, and the app over it; for one test file
 * (or one test, when it must start clean). `close` drops the clone. `testHooks` adds the
 * test-only routes (`/api/test/*`: outbox, ageing codes) that the API suite reads mail with.
 */
export async function createTestApp({
  testHooks = false,
  smtpUrl,
  spaDir = '/nonexistent',
  storage = sharedStorage(),
  uploads,
  metricsToken,
}: {
  testHooks?: boolean;
  smtpUrl?: string;
  spaDir?: string;
  /** Where uploads go: a storage of this app's own (`ownStorage()`), where a test counts what is kept; else the run's shared one. */
  storage?: Storage;
  uploads?: Partial<Pick<Config, 'UPLOAD_QUOTA_MB' | 'UPLOAD_UNATTACHED_HOURS'>>;
  /** Turns /metrics on with this token. */
  metricsToken?: string;
} = {}) {
  const { adminUrl, urlFor, imagesDir } = inject('testDatabase');
  const name = await takeClone(adminUrl);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const url = urlFor.replace('/DATABASE', `/${name}`);
  // One key for every process of this app, as machines sharing a database are given one.
  const TWO_FACTOR_KEY = randomBytes(32).toString('base64');
  const open = async () => {
    const db: Db = connect(url, 4);
    const app = await buildApp({
      db,
      config: {
        SESSION_TTL_HOURS: 12,
        filesDir: '/nonexistent',
        spaDir,
        ALLOW_TEST_RESET: testHooks ? 'true' : 'false',
        TWO_FACTOR_KEY,
        ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
        ...uploads,
        ...(metricsToken ? { METRICS_TOKEN: metricsToken } : {}),
      },
      ...(testHooks ? { imagesDir } : {}),
      storage,
    });
    return { app, db };
  };
  const { app, db } = await open();
  const others: Awaited<ReturnType<typeof open>>[] = [];

  /** Another API process over the same database: its own pool, its own auth cache. */
  async function anotherProcess() {
    const other = await open();
    others.push(other);
    return other.app;
  }

  /** The authenticator apps of the demo accounts that enrol (administrators must), for `signIn`. */
  const phones = new Phones();
  const post = async (path: string, payload: unknown) => {
    const res = await app.inject({ method: 'POST', url: `/${path}`, payload: payload as object });
    return { status: res.statusCode, json: res.json() as unknown, text: res.body };
  };

  /** Signs in through the API as a demo account (with its second factor, enrolling first when asked); returns its bearer header. */
  async function signIn(role: Role) {
    const email = demoAccounts[role].email;
    const token = await finishSignIn(email, await post('api/v1/auth/sign-in', { email, password: DEMO_PASSWORD }), phones, post);
    return { authorization: `Bearer ${token}` };
  }

  async function close() {
    for (const other of [{ app, db }, ...others]) {
      await other.app.close();
      await other.db.$client.end();
    }
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  }
  return { app, db, connectionString: url, storage, signIn, phones, close, anotherProcess };
}
