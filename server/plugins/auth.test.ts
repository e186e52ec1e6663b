import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoAccounts } from '../../fixtures';
import { menuItems, privileges, sessions, users } from '../db/schema';
import { menuItemKey, menuItems as menu } from '../../contract/menu-items';
import { createTestApp } from '../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const poll = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers });

// The session check is a prepared statement run on every call: nothing of it may outlive the row.
it('refuses a session on the first call after it expires, or after its account is disabled', async () => {
  const officer = await t.signIn('officer');
  const verifier = await t.signIn('verifier');
  expect((await poll(officer)).statusCode).toBe(200);
  expect((await poll(verifier)).statusCode).toBe(200);

  await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, demoAccounts.officer.id));
  expect((await poll(officer)).statusCode).toBe(401);
  expect((await poll(verifier)).statusCode).toBe(200);

  await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, demoAccounts.verifier.id));
  expect((await poll(verifier)).statusCode).toBe(401);
});

it('refuses a privilege on the first call after the matrix takes it away', async () => {
  const contractor = await t.signIn('contractor');
  const history = () => t.app.inject({ method: 'GET', url: '/api/v1/complaints?history=true', headers: contractor });
  expect((await history()).statusCode).toBe(200);
  const [item] = await t.db.select({ id: menuItems.id }).from(menuItems).where(eq(menuItems.key, menuItemKey(menu.historyComplaint)));
  const [user] = await t.db.select({ userTypeId: users.userTypeId }).from(users).where(eq(users.id, demoAccounts.contractor.id));
  await t.db.update(privileges).set({ canView: false }).where(and(eq(privileges.menuItemId, item!.id), eq(privileges.userTypeId, user!.userTypeId)));
  expect((await history()).statusCode).toBe(403);
});
