import { beforeEach, describe, expect, it } from 'vitest';
import { auditListResponseSchema } from '../contract/audit';
import { activateResponseSchema, meResponseSchema, signInResponseSchema } from '../contract/auth';
import { menuPrivilegesResponseSchema } from '../contract/menu';
import { adminUserResponseSchema, userListResponseSchema } from '../contract/users';
import { ACCOUNT_ID, accounts, demoAccounts, ORGANIZATION_ID, personas, userTypeByKey } from '../fixtures';
import { connectApi, expectProblem, readAs } from './support/api';

const api = connectApi();
beforeEach(() => api.reset());

const PASSWORD = 'a long chosen passphrase';
const users = async (query = '') =>
  readAs(userListResponseSchema, await api.call('GET', `api/v1/users?limit=1000&${query}`, { as: 'admin' })).data;
const invite = (body: Record<string, unknown>) => api.call('POST', 'api/v1/users', { as: 'admin', body });
const linkIn = async (email: string) => /\/account\/activation\/([A-Za-z0-9_-]+)/.exec((await api.outbox(email))[0]!.text)![1]!;
const signIn = (email: string, password: string) => api.call('POST', 'api/v1/auth/sign-in', { body: { email, password } });

describe('users', () => {
  it('list by status, user type, organisation and text', async () => {
    expect((await users()).pagination.totalRow).toBe(accounts.length);
    const pending = (await users('status=pending')).items;
    expect(pending.map((u) => u.email).sort()).toEqual(
      accounts
        .filter((a) => a.status === 'pending')
        .map((a) => a.email)
        .sort(),
    );
    expect(pending.map((u) => u.email)).toContain(demoAccounts.pending.email);
    expect((await users(`userTypeId=${userTypeByKey.verifier.id}`)).items.map((u) => u.id)).toEqual([ACCOUNT_ID.verifier]);
    const alamBersih = (await users(`organizationId=${ORGANIZATION_ID.alamBersih}`)).items;
    expect(alamBersih.every((u) => u.userProfile.organizationId === ORGANIZATION_ID.alamBersih)).toBe(true);
    expect((await users('q=lim wei ling')).items.map((u) => u.id)).toEqual([ACCOUNT_ID.verifier]);
    expect((await users('sort=-email')).items[0]!.email > (await users('sort=email')).items[0]!.email).toBe(true);
    expectProblem(await api.call('GET', 'api/v1/users?status=gone', { as: 'admin' }), 400);
  });

  it('are invited: pending, with a link where the invitee chooses a password and then signs in', async () => {
    const created = readAs(
      adminUserResponseSchema,
      await invite({
        email: 'nadia@example.com',
        fullName: 'Nadia binti Ismail',
        userTypeId: userTypeByKey.officer.id,
        organizationId: ORGANIZATION_ID.authority,
      }),
    );
    expect(created.data).toMatchObject({
      email: 'nadia@example.com',
      fullName: 'Nadia binti Ismail',
      status: 'pending',
      pendingKind: 'invitation',
      userType: userTypeByKey.officer,
    });
    expect(created.data.userProfile.organizationId).toBe(ORGANIZATION_ID.authority);
    const mail = (await api.outbox('nadia@example.com'))[0]!;
    expect(mail.subject).toBe('You are invited to Complaint Desk');
    expect(mail.text).toContain('72 hours');
    expectProblem(await signIn('nadia@example.com', PASSWORD), 401);

    const code = await linkIn('nadia@example.com');
    const needs = expectProblem(await api.call('POST', 'api/v1/auth/activate', { body: { code } }), 400);
    expect(needs.code).toBe('passwordRequired');
    expect(needs.errors?.password).toBeDefined();
    expectProblem(await api.call('POST', 'api/v1/auth/activate', { body: { code, password: 'short' } }), 400);
    expectProblem(await api.call('POST', 'api/v1/auth/activate', { body: { code, password: 'nadia-and-her-long-password' } }), 400);
    readAs(activateResponseSchema, await api.call('POST', 'api/v1/auth/activate', { body: { code, password: PASSWORD } }));
    expectProblem(await api.call('POST', 'api/v1/auth/activate', { body: { code, password: PASSWORD } }), 410);

    const session = readAs(signInResponseSchema, await signIn('nadia@example.com', PASSWORD)).data;
    const menu = readAs(menuPrivilegesResponseSchema, await api.call('GET', 'api/v1/menu/privileges', { as: { token: session.token } }))
      .data.items;
    expect(menu.flatMap((g) => g.menuItems.map((i) => i.url))).toContain('/manage-complaint/complaint');
  });

  it('link an existing persona once; refuse a taken e-mail, persona or an inactive user type, writing nothing', async () => {
    const free = personas.find((p) => p.id >= 100)!;
    const linked = readAs(
      adminUserResponseSchema,
      await invite({
        email: 'nurul@example.com',
        fullName: 'ignored when a persona is named',
        userTypeId: userTypeByKey.officer.id,
        personaId: free.id,
      }),
    ).data;
    expect(linked).toMatchObject({ personaId: free.id, fullName: free.fullName });
    const before = (await users()).pagination.totalRow;
    expect(
      expectProblem(await invite({ email: 'other@example.com', fullName: 'X', userTypeId: 2, personaId: free.id }), 409).errors?.personaId,
    ).toBeDefined();
    expectProblem(await invite({ email: demoAccounts.officer.email.toUpperCase(), fullName: 'X', userTypeId: 2 }), 409);
    expect(expectProblem(await invite({ email: 'x@example.com', fullName: 'X', userTypeId: 12 }), 400).errors?.userTypeId).toBeDefined();
    expectProblem(await invite({ email: 'not-an-address', fullName: 'X', userTypeId: 2 }), 400);
    expectProblem(
      await api.call('POST', 'api/v1/users', { as: 'officer', body: { email: 'y@example.com', fullName: 'Y', userTypeId: 2 } }),
      403,
    );
    expect((await users()).pagination.totalRow).toBe(before);
  });

  it('are disabled at once, every session ended; enabled again', async () => {
    const token = await api.signIn('verifier');
    readAs(meResponseSchema, await api.call('GET', 'api/v1/me', { as: { token } }));
    const disabled = readAs(
      adminUserResponseSchema,
      await api.call('PATCH', `api/v1/users/${ACCOUNT_ID.verifier}`, { as: 'admin', body: { status: 'disabled' } }),
    ).data;
    expect(disabled.status).toBe('disabled');
    expectProblem(await api.call('GET', 'api/v1/me', { as: { token } }), 401);
    expectProblem(await signIn(demoAccounts.verifier.email, 'Demo#2026pass'), 403);
    readAs(
      adminUserResponseSchema,
      await api.call('PATCH', `api/v1/users/${ACCOUNT_ID.verifier}`, { as: 'admin', body: { status: 'active' } }),
    );
    readAs(signInResponseSchema, await signIn(demoAccounts.verifier.email, 'Demo#2026pass'));
  });

  it('change user type, which the menu follows on its next read; a pending self-registration gets one too', async () => {
    readAs(
      adminUserResponseSchema,
      await api.call('PATCH', `api/v1/users/${ACCOUNT_ID.officer}`, { as: 'admin', body: { userTypeId: userTypeByKey.verifier.id } }),
    );
    const menu = readAs(menuPrivilegesResponseSchema, await api.call('GET', 'api/v1/menu/privileges', { as: 'officer' })).data.items;
    expect(menu.flatMap((g) => g.menuItems.map((i) => i.url))).not.toContain('/manage-complaint/complaint');
    const pending = readAs(
      adminUserResponseSchema,
      await api.call('PATCH', `api/v1/users/${ACCOUNT_ID.pending}`, { as: 'admin', body: { userTypeId: userTypeByKey.officer.id } }),
    ).data;
    expect(pending).toMatchObject({ status: 'pending', pendingKind: 'registration', userType: userTypeByKey.officer });
    expect(
      expectProblem(await api.call('PATCH', `api/v1/users/${ACCOUNT_ID.pending}`, { as: 'admin', body: { status: 'active' } }), 409).code,
    ).toBe('userPending');
  });

  it('never let an administrator disable or demote themself', async () => {
    expect(
      expectProblem(await api.call('PATCH', `api/v1/users/${ACCOUNT_ID.admin}`, { as: 'admin', body: { status: 'disabled' } }), 409).code,
    ).toBe('notOwnChange');
    expect(
      expectProblem(
        await api.call('PATCH', `api/v1/users/${ACCOUNT_ID.admin}`, { as: 'admin', body: { userTypeId: userTypeByKey.officer.id } }),
        409,
      ).code,
    ).toBe('notOwnChange');
    // A second administrator may demote the first, and then may not be demoted by them.
    readAs(
      adminUserResponseSchema,
      await api.call('PATCH', `api/v1/users/${ACCOUNT_ID.officer}`, { as: 'admin', body: { userTypeId: userTypeByKey.administrator.id } }),
    );
    readAs(
      adminUserResponseSchema,
      await api.call('PATCH', `api/v1/users/${ACCOUNT_ID.admin}`, { as: 'officer', body: { userTypeId: userTypeByKey.verifier.id } }),
    );
    expect(
      expectProblem(await api.call('PATCH', `api/v1/users/${ACCOUNT_ID.officer}`, { as: 'officer', body: { status: 'disabled' } }), 409)
        .code,
    ).toBe('notOwnChange');
    const me = readAs(meResponseSchema, await api.call('GET', 'api/v1/me', { as: 'officer' })).data;
    expect(me.userType).toEqual(userTypeByKey.administrator);
  });

  it('resend a pending invitation (the older link ends) and mail an active user a reset code', async () => {
    const created = readAs(
      adminUserResponseSchema,
      await invite({ email: 'resend@example.com', fullName: 'Resend Me', userTypeId: 2 }),
    ).data;
    const first = await linkIn('resend@example.com');
    expect((await api.call('POST', `api/v1/users/${created.id}/invitation`, { as: 'admin' })).status).toBe(204);
    const second = await linkIn('resend@example.com');
    expect(second).not.toBe(first);
    expectProblem(await api.call('POST', 'api/v1/auth/activate', { body: { code: first, password: PASSWORD } }), 410);
    readAs(activateResponseSchema, await api.call('POST', 'api/v1/auth/activate', { body: { code: second, password: PASSWORD } }));
    expect(expectProblem(await api.call('POST', `api/v1/users/${created.id}/invitation`, { as: 'admin' }), 409).code).toBe('notInvited');

    expect((await api.call('POST', `api/v1/users/${ACCOUNT_ID.verifier}/password-reset`, { as: 'admin' })).status).toBe(204);
    expect((await api.outbox(demoAccounts.verifier.email))[0]!.text).toMatch(/Your code: \d{6}/);
    expect(expectProblem(await api.call('POST', `api/v1/users/${ACCOUNT_ID.disabled}/password-reset`, { as: 'admin' }), 409).code).toBe(
      'userNotActive',
    );
  });

  it('leave audit events without any secret', async () => {
    const created = readAs(
      adminUserResponseSchema,
      await invite({ email: 'audited@example.com', fullName: 'Audited', userTypeId: 2 }),
    ).data;
    await api.call('PATCH', `api/v1/users/${created.id}`, { as: 'admin', body: { status: 'disabled' } });
    const events = readAs(
      auditListResponseSchema,
      await api.call('GET', `api/v1/audit-events?entity=user&entityId=${created.id}`, { as: 'admin' }),
    ).data.items;
    expect(events.map((e) => e.action)).toEqual(['update', 'invite']);
    expect(events[0]!.after).toEqual({
      id: created.id,
      email: 'audited@example.com',
      status: 'disabled',
      userTypeId: 2,
      personaId: created.personaId,
    });
    expect(JSON.stringify(events)).not.toMatch(/password|hash|token/i);
  });

  it('a self-registration’s link takes no password', async () => {
    await api.call('POST', 'api/v1/auth/register', {
      body: { email: 'self@example.com', password: 'my own long password', fullName: 'Self Made' },
    });
    const code = await linkIn('self@example.com');
    expectProblem(await api.call('POST', 'api/v1/auth/activate', { body: { code, password: 'another long password' } }), 400);
    readAs(activateResponseSchema, await api.call('POST', 'api/v1/auth/activate', { body: { code } }));
  });
});
