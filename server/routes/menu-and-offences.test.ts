import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuPrivilegesResponseSchema } from '../../contract/menu';
import { demoAccounts, menusByUserType } from '../../fixtures';
import { menuItems, privileges } from '../db/schema';
import { createTestApp, type Role } from '../test/test-app';
import { catalogueGuards } from '../../domain/access';

/** Every complaint screen: each needs the offence types to show a complaint. */
const COMPLAINT_SCREENS = catalogueGuards['type-of-offences'].list.itemKeys;
import { expectProblem } from '../test/expect-problem';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let t: TestApp;
const sessions = new Map<TestApp, Map<Role, Record<string, string>>>();
/** One sign-in per app and role: argon2 makes each one slow. */
async function as(app: TestApp, role: Role) {
  const byRole = sessions.get(app) ?? new Map<Role, Record<string, string>>();
  sessions.set(app, byRole);
  if (!byRole.has(role)) byRole.set(role, await app.signIn(role));
  return byRole.get(role)!;
}
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) => app.app.inject({ method: 'GET', url, headers });

// What only the server has here: a matrix changed in SQL. The menu and offence-type rules are
// in api-tests/menu-and-offences.test.ts, run on both back ends.
describe('a user type without any complaint screen', () => {
  let own: TestApp;
  beforeAll(async () => {
    own = await createTestApp();
    // The administrator loses every complaint screen in this test's own database.
    const screens = await own.db
      .select({ id: menuItems.id })
      .from(menuItems)
      .where(inArray(menuItems.key, [...COMPLAINT_SCREENS]));
    expect(screens).toHaveLength(COMPLAINT_SCREENS.length);
    const removed = await own.db
      .delete(privileges)
      .where(
        and(
          eq(privileges.userTypeId, demoAccounts.admin.userType.id),
          inArray(
            privileges.menuItemId,
            screens.map((s) => s.id),
          ),
        ),
      )
      .returning({ id: privileges.menuItemId });
    expect(removed).toHaveLength(COMPLAINT_SCREENS.length);
  });
  afterAll(() => own.close());

  it('is refused the offence types with 403', async () => {
    expectProblem(await get(own, '/api/v1/type-of-offences?limit=1000', await as(own, 'admin')), 403);
  });

  it('is refused the complaint lists and a complaint with 403', async () => {
    const headers = await as(own, 'admin');
    for (const url of ['/api/v1/complaints', '/api/v1/complaints?history=true', '/api/v1/complaints/1']) {
      const res = await get(own, url, headers);
      expectProblem(res, 403);
      expect(res.body).not.toMatch(/CMP-\d{4}-\d{6}/);
    }
  });

  it('sees the change in its menu, and other user types are unaffected', async () => {
    const res = await get(own, '/api/v1/menu/privileges', await as(own, 'admin'));
    const groups = menuPrivilegesResponseSchema.parse(res.json()).data.items;
    const complaintGroup = groups.find((g) => g.name === 'Manage Complaint');
    expect(complaintGroup?.menuItems.map((i) => i.url)).toEqual(['/manage-complaint/claim-record']);
    expect(groups.map((g) => g.name)).toEqual(menusByUserType.administrator.map((g) => g.name));
    const officer = await get(own, '/api/v1/type-of-offences?limit=1000', await as(own, 'officer'));
    expect(officer.statusCode).toBe(200);
  });

  it('did not touch the shared file-level database', async () => {
    expect((await get(t, '/api/v1/type-of-offences', await as(t, 'admin'))).statusCode).toBe(200);
  });
});
