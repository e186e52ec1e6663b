import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { menusByUserType } from '../../fixtures';
import { buildApp } from '../app';
import { connect, migrateDb, type Db } from './client';
import { prepareDatabase } from './seed';
import { finishSignIn, Phones } from '../../fixtures/phones';

/** A server on DATABASE_URL starts from an empty database: no demo data, one administrator. */
const name = `empty_${randomBytes(5).toString('hex')}`;
const admin = { email: 'Owner@Example.org', password: 'a long enough password' };
let db: Db;
let adminClient: pg.Client;

beforeAll(async () => {
  const { adminUrl, urlFor } = inject('testDatabase');
  adminClient = new pg.Client({ connectionString: adminUrl });
  await adminClient.connect();
  await adminClient.query(`CREATE DATABASE ${name}`);
  db = connect(urlFor.replace('/DATABASE', `/${name}`), 2);
  await migrateDb(db);
});
afterAll(async () => {
  await db.$client.end();
  await adminClient.query(`DROP DATABASE ${name} WITH (FORCE)`);
  await adminClient.end();
});

it('creates the reference data and the first administrator, once', async () => {
  await prepareDatabase(db, admin);
  await prepareDatabase(db, admin);
  const app = await buildApp({
    db,
    config: {
      SESSION_TTL_HOURS: 1,
      filesDir: '/nonexistent',
      spaDir: '/nonexistent',
      ALLOW_TEST_RESET: 'false',
      TWO_FACTOR_KEY: randomBytes(32).toString('base64'),
    },
  });

  const post = async (path: string, payload: unknown) => {
    const res = await app.inject({ method: 'POST', url: `/${path}`, payload: payload as object });
    return { status: res.statusCode, json: res.json() as unknown, text: res.body };
  };
  // The first administrator must enrol a second factor at the first sign-in.
  const signIn = await post('api/v1/auth/sign-in', { email: 'owner@example.org', password: admin.password });
  expect(signIn.json).toMatchObject({ data: { secondFactor: { enrol: true } } });
  const token = await finishSignIn('owner@example.org', signIn, new Phones(), post);
  const me = await app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });
  expect(me.json().data).toMatchObject({ id: 1, userType: { name: 'Administrator' } });
  const headers = { authorization: `Bearer ${token}` };

  const menu = await app.inject({ method: 'GET', url: '/api/v1/menu/privileges', headers });
  expect(menu.json().data.items).toMatchObject(menusByUserType.administrator);
  const complaints = await app.inject({ method: 'GET', url: '/api/v1/complaints?history=true&limit=1000', headers });
  expect(complaints.json().data.pagination.totalRow).toBe(0);
  const users = await db.execute<{ n: number }>('select count(*)::int as n from users');
  expect(users.rows[0]!.n).toBe(1);
  await app.close();
});
