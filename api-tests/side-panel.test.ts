import { describe, expect, it } from 'vitest';
import { meResponseSchema, signInResponseSchema } from '../contract/auth';
import { complaintResponseSchema, myComplaintMovesResponseSchema } from '../contract/complaints';
import { DEFAULT_PREFERENCES } from '../contract/account-rules';
import { ACCOUNT_ID, complaints, contractOf, DEMO_PASSWORD, demoAccounts, ORGANIZATION_ID } from '../fixtures';
import { connectApi, expectProblem, readAs } from './support/api';

const api = connectApi();

describe('settings kept on the server', () => {
  it('start at English, light and no mail, and change one at a time', async () => {
    const before = readAs(meResponseSchema, await api.call('GET', 'api/v1/me', { as: 'officer' })).data;
    expect(before.preferences).toEqual(DEFAULT_PREFERENCES);

    const changed = readAs(
      meResponseSchema,
      await api.call('PATCH', 'api/v1/me', { as: 'officer', body: { preferences: { language: 'ms' } } }),
    ).data;
    expect(changed.preferences).toEqual({ ...DEFAULT_PREFERENCES, language: 'ms' });
    const more = readAs(
      meResponseSchema,
      await api.call('PATCH', 'api/v1/me', { as: 'officer', body: { preferences: { colorMode: 'dark', mailNotices: true } } }),
    ).data;
    expect(more.preferences).toEqual({ language: 'ms', colorMode: 'dark', mailNotices: true });
    expect(more.fullName).toBe(demoAccounts.officer.fullName);
  });

  it('come with the next sign-in, anywhere', async () => {
    await api.call('PATCH', 'api/v1/me', { as: 'verifier', body: { preferences: { language: 'ms', colorMode: 'dark' } } });
    const res = await api.call('POST', 'api/v1/auth/sign-in', { body: { email: demoAccounts.verifier.email, password: DEMO_PASSWORD } });
    expect(readAs(signInResponseSchema, res).data.user.preferences).toMatchObject({ language: 'ms', colorMode: 'dark' });
  });

  it.each([
    [{ preferences: { language: 'fr' } }],
    [{ preferences: { colorMode: 'blue' } }],
    [{ preferences: { mailNotices: 'yes' } }],
    [{ preferences: { theme: 'dark' } }],
  ])('refuses %j and changes nothing', async (body) => {
    expectProblem(await api.call('PATCH', 'api/v1/me', { as: 'contractor', body }), 400);
    expect(readAs(meResponseSchema, await api.call('GET', 'api/v1/me', { as: 'contractor' })).data.preferences).toEqual(
      DEFAULT_PREFERENCES,
    );
  });
});

describe('GET /api/v1/me/complaint-moves', () => {
  it('lists the caller’s own latest moves, newest first, at most 20', async () => {
    const { items } = readAs(myComplaintMovesResponseSchema, await api.call('GET', 'api/v1/me/complaint-moves', { as: 'verifier' })).data;
    const decided = complaints.flatMap((c) =>
      c.statusHistory.filter((h) => h.changedBy.id === ACCOUNT_ID.verifier).map((h) => ({ ...h, refNo: c.refNo })),
    );
    const newest = decided.sort((a, b) => Date.parse(b.changedAt) - Date.parse(a.changedAt) || b.id - a.id).slice(0, 20);
    expect(items.map((m) => m.refNo)).toEqual(newest.map((m) => m.refNo));
    expect(items.map((m) => m.toStatus)).toEqual(newest.map((m) => m.toStatus));
  });

  it('shows a move as soon as it is made', async () => {
    // Registered now: the fixture's submitted complaints are past their time to justify.
    const submitted = readAs(
      complaintResponseSchema,
      await api.call('POST', 'api/v1/complaints', {
        as: 'officer',
        body: {
          typeOfOffenceId: 1,
          organizationId: ORGANIZATION_ID.alamBersih,
          contractId: contractOf(ORGANIZATION_ID.alamBersih).id,
          dateOfMisconduct: '2026-06-01T09:00:00+08:00',
          description: 'Bins left open overnight.',
          offender: 'Night crew',
          location: 'Jalan Kenanga 2',
          qty: 1,
        },
      }),
    ).data;
    const res = await api.call('POST', `api/v1/complaints/${submitted.id}/justify`, {
      as: 'contractor',
      body: { justification: 'Cleared the same evening.' },
    });
    expect(res.status).toBe(200);
    const { items } = readAs(myComplaintMovesResponseSchema, await api.call('GET', 'api/v1/me/complaint-moves', { as: 'contractor' })).data;
    expect(items[0]).toMatchObject({
      complaintId: submitted.id,
      refNo: submitted.refNo,
      fromStatus: 1,
      toStatus: 2,
      text: 'Cleared the same evening.',
    });
  });

  it('needs a session', async () => {
    expectProblem(await api.call('GET', 'api/v1/me/complaint-moves'), 401);
  });
});
