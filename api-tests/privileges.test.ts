import { beforeEach, describe, expect, it } from 'vitest';
import { auditListResponseSchema } from '../contract/audit';
import { complaintResponseSchema } from '../contract/complaints';
import { menuPrivilegesResponseSchema } from '../contract/menu';
import { privilegeMatrixResponseSchema, type PrivilegeMatrix } from '../contract/privileges';
import { adminUserResponseSchema } from '../contract/users';
import { ACCOUNT_ID, contractorOrganizationComplaints, MENU_ITEM_IDS, userTypeByKey } from '../fixtures';
import { connectApi, expectProblem, readAs } from './support/api';

const api = connectApi();
beforeEach(() => api.reset());

const matrix = async () => readAs(privilegeMatrixResponseSchema, await api.call('GET', 'api/v1/privileges/matrix', { as: 'admin' })).data;
const save = (userTypeId: number, body: { version: number; grants: Record<string, string[]> }, as: 'admin' | 'officer' = 'admin') =>
  api.call('PUT', `api/v1/privileges/matrix/${userTypeId}`, { as, body });
const officer = userTypeByKey.officer.id;
const item = (key: string) => String(MENU_ITEM_IDS[key]);
const COMPLAINT = item('manage-complaint/complaint');
const MATRIX = item('manage-user/matrix-privilage');
const rowsOf = (m: PrivilegeMatrix, type: number) => m.grants[String(type)] ?? {};
const ownComplaint = contractorOrganizationComplaints[0]!;
const newComplaint = {
  typeOfOffenceId: 1,
  dateOfMisconduct: '2026-11-01T08:30:00+08:00',
  description: 'Bins left out.',
  organizationId: ownComplaint.organizationId,
  contractId: ownComplaint.contract!.id,
  offender: 'Crew B',
  location: 'Jalan Ampang',
  qty: 1,
};

describe('the privilege matrix', () => {
  it('shows every user type × item, what each item supports, and the seeded grants', async () => {
    const m = await matrix();
    expect(m.actions).toEqual(['view', 'create', 'update', 'delete', 'justify', 'verify']);
    expect(m.userTypes.map((t) => t.id)).toContain(officer);
    const items = m.groups.flatMap((g) => g.items);
    expect(items.find((i) => String(i.id) === COMPLAINT)).toMatchObject({
      url: '/manage-complaint/complaint',
      supports: ['view', 'create', 'update', 'delete'],
    });
    expect(items.find((i) => i.url === '/manage-complaint/verify-complaint')!.supports).toEqual(['view', 'justify', 'verify']);
    expect(items.find((i) => i.url === '/manage-complaint/history-complaint')!.supports).toEqual(['view']);
    expect(rowsOf(m, officer)[COMPLAINT]).toEqual(['view', 'create', 'update', 'delete']);
    expect(rowsOf(m, userTypeByKey.administrator.id)[item('manage-complaint/history-complaint')]).toEqual(['view']);
  });

  it('a saved change holds on the very next request of that user type: the officer loses create', async () => {
    const before = await matrix();
    const rows = { ...rowsOf(before, officer), [COMPLAINT]: ['view', 'update', 'delete'] };
    const after = readAs(privilegeMatrixResponseSchema, await save(officer, { version: before.version, grants: rows })).data;
    expect(after.version).not.toBe(before.version);
    expect(rowsOf(after, officer)[COMPLAINT]).toEqual(['view', 'update', 'delete']);
    expectProblem(await api.call('POST', 'api/v1/complaints', { as: 'officer', body: newComplaint }), 403);
    const menu = readAs(menuPrivilegesResponseSchema, await api.call('GET', 'api/v1/menu/privileges', { as: 'officer' })).data.items;
    expect(menu.flatMap((g) => g.menuItems).find((i) => i.url === '/manage-complaint/complaint')!.actions).toEqual([
      'view',
      'update',
      'delete',
    ]);
    // Other user types are untouched.
    expect(rowsOf(after, userTypeByKey.verifier.id)).toEqual(rowsOf(before, userTypeByKey.verifier.id));
    readAs(complaintResponseSchema, await api.call('POST', 'api/v1/complaints', { as: 'admin', body: newComplaint }));
  });

  it('refuses a stale version, an action an item does not support, actions without view, and leaves the matrix as it was', async () => {
    const m = await matrix();
    readAs(
      privilegeMatrixResponseSchema,
      await save(officer, { version: m.version, grants: { ...rowsOf(m, officer), [COMPLAINT]: ['view'] } }),
    );
    const stale = expectProblem(await save(officer, { version: m.version, grants: rowsOf(m, officer) }), 409);
    expect(stale.code).toBe('matrixStale');
    const now = await matrix();
    const history = item('manage-complaint/history-complaint');
    expect(
      expectProblem(await save(officer, { version: now.version, grants: { [history]: ['view', 'create'] } }), 400).errors?.[
        `grants.${history}`
      ],
    ).toBeDefined();
    expectProblem(await save(officer, { version: now.version, grants: { [COMPLAINT]: ['create'] } }), 400);
    expectProblem(await save(officer, { version: now.version, grants: { 9999: ['view'] } }), 400);
    expectProblem(await save(officer, { version: now.version, grants: { [COMPLAINT]: ['fly'] } }), 400);
    expectProblem(await save(99999, { version: now.version, grants: {} }), 404);
    expect((await matrix()).version).toBe(now.version);
  });

  it('never lets the administrators lose view and update on the matrix itself', async () => {
    const m = await matrix();
    const admin = userTypeByKey.administrator.id;
    const problem = expectProblem(await save(admin, { version: m.version, grants: { ...rowsOf(m, admin), [MATRIX]: ['view'] } }), 409);
    expect(problem.code).toBe('matrixLockout');
    // Another user type may be given the matrix, or not.
    readAs(
      privilegeMatrixResponseSchema,
      await save(officer, { version: m.version, grants: { ...rowsOf(m, officer), [MATRIX]: ['view'] } }),
    );
  });

  it('is read and changed only by whom the matrix allows; each change is one audit event', async () => {
    expectProblem(await api.call('GET', 'api/v1/privileges/matrix', { as: 'officer' }), 403);
    const m = await matrix();
    expectProblem(await save(officer, { version: m.version, grants: {} }, 'officer'), 403);
    readAs(
      privilegeMatrixResponseSchema,
      await save(officer, { version: m.version, grants: { ...rowsOf(m, officer), [COMPLAINT]: ['view'] } }),
    );
    const [event] = readAs(auditListResponseSchema, await api.call('GET', 'api/v1/audit-events?entity=privileges', { as: 'admin' })).data
      .items;
    expect(event).toMatchObject({ action: 'update', entityId: String(officer), actor: { email: 'admin@example.com' } });
    expect(event!.before!['manage-complaint/complaint']).toEqual(['view', 'create', 'update', 'delete']);
    expect(event!.after!['manage-complaint/complaint']).toEqual(['view']);
  });

  it('guards the last active administrator once another user type may change users', async () => {
    // Officers may now update users; the one administrator stays, whatever an officer asks.
    const m = await matrix();
    readAs(
      privilegeMatrixResponseSchema,
      await save(officer, { version: m.version, grants: { ...rowsOf(m, officer), [item('manage-user/user')]: ['view', 'update'] } }),
    );
    expect(
      expectProblem(await api.call('PATCH', `api/v1/users/${ACCOUNT_ID.admin}`, { as: 'officer', body: { status: 'disabled' } }), 409).code,
    ).toBe('lastAdministrator');
    expect(
      expectProblem(await api.call('PATCH', `api/v1/users/${ACCOUNT_ID.admin}`, { as: 'officer', body: { userTypeId: officer } }), 409)
        .code,
    ).toBe('lastAdministrator');
    readAs(
      adminUserResponseSchema,
      await api.call('PATCH', `api/v1/users/${ACCOUNT_ID.verifier}`, { as: 'officer', body: { status: 'disabled' } }),
    );
  });
});
