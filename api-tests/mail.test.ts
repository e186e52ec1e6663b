import { beforeEach, describe, expect, it } from 'vitest';
import { meResponseSchema } from '../contract/auth';
import { complaintResponseSchema } from '../contract/complaints';
import { mailListResponseSchema, mailResponseSchema } from '../contract/mail';
import { demoAccounts, ORGANIZATION_ID } from '../fixtures';
import { connectApi, expectProblem, readAs } from './support/api';

const api = connectApi();
beforeEach(() => api.reset());

const OFFICER = demoAccounts.officer.email;
const CONTRACTOR = demoAccounts.contractor.email;
const mailbox = async (as: 'officer' | 'verifier' | 'contractor' | 'admin', query = '') =>
  readAs(mailListResponseSchema, await api.call('GET', `api/v1/mail${query}`, { as })).data;

/** The officer forgets the password: a reset code is mailed to the officer. */
async function resetCodeMailed() {
  expect((await api.call('POST', 'api/v1/auth/forgot-password', { body: { email: OFFICER } })).status).toBe(202);
  const sent = (await api.outbox(OFFICER))[0]!;
  return { sent, code: /Your code: (\d{6})/.exec(sent.text)![1]! };
}

async function register(as: 'officer' = 'officer') {
  return readAs(
    complaintResponseSchema,
    await api.call('POST', 'api/v1/complaints', {
      as,
      body: {
        typeOfOffenceId: 1,
        organizationId: ORGANIZATION_ID.alamBersih,
        contractId: 1,
        dateOfMisconduct: new Date(Date.now() - 60_000).toISOString(),
        description: 'Bins left on the road.',
        offender: 'Crew A',
        location: 'Jalan Mawar',
        qty: 2,
      },
    }),
  ).data;
}

describe('the mailbox', () => {
  it('shows the caller its own messages, newest first, each code masked', async () => {
    const { sent, code } = await resetCodeMailed();
    const own = await mailbox('officer');
    expect(own.items[0]).toMatchObject({ to: OFFICER, subject: sent.subject, state: 'kept', sentAt: null, error: null });
    expect(own.items[0]!.text).toContain('Your code: ••••••');
    expect(own.items.map((m) => m.text).join('\n')).not.toContain(code);
    expect(own.items.every((m) => m.to.toLowerCase() === OFFICER)).toBe(true);
    // One message opens by its id, masked too.
    const one = readAs(mailResponseSchema, await api.call('GET', `api/v1/mail/${own.items[0]!.id}`, { as: 'officer' })).data;
    expect(one).toEqual(own.items[0]);
    // Nobody else's mailbox holds it, and nobody else opens it.
    expect((await mailbox('verifier')).items.map((m) => m.id)).not.toContain(one.id);
    expectProblem(await api.call('GET', `api/v1/mail/${one.id}`, { as: 'verifier' }), 404);
    expectProblem(await api.call('GET', 'api/v1/mail/999999', { as: 'officer' }), 404);
    expectProblem(await api.call('GET', 'api/v1/mail'), 401);
  });

  it('lists every outgoing message with its delivery for who manages users, and no one else', async () => {
    const { code } = await resetCodeMailed();
    const all = await mailbox('admin', '?all=true');
    const reset = all.items.find((m) => m.to === OFFICER && m.subject.includes('reset code'))!;
    expect(reset).toMatchObject({ state: 'kept', error: null });
    expect(reset.text).not.toContain(code);
    expect(readAs(mailResponseSchema, await api.call('GET', `api/v1/mail/${reset.id}`, { as: 'admin' })).data.id).toBe(reset.id);
    expect((await mailbox('admin', `?all=true&q=${encodeURIComponent(OFFICER)}&state=kept`)).items.map((m) => m.id)).toContain(reset.id);
    // `q` finds a piece of the subject too, whatever its case; every hit holds it in one or the other.
    const bySubject = await mailbox('admin', '?all=true&q=RESET%20CODE');
    expect(bySubject.items.map((m) => m.id)).toContain(reset.id);
    expect(bySubject.items.every((m) => `${m.to} ${m.subject}`.toLowerCase().includes('reset code'))).toBe(true);
    expect((await mailbox('admin', '?all=true&q=no-such-words')).items).toEqual([]);
    expect((await mailbox('admin', '?all=true&state=failed')).items).toEqual([]);
    expectProblem(await api.call('GET', 'api/v1/mail?all=true', { as: 'officer' }), 403);
    expectProblem(await api.call('GET', 'api/v1/mail?state=lost', { as: 'officer' }), 400);
  });

  it('sends again only a refused message, and only for who may change users', async () => {
    await resetCodeMailed();
    const kept = (await mailbox('officer')).items[0]!;
    expect(expectProblem(await api.call('POST', `api/v1/mail/${kept.id}/resend`, { as: 'admin' }), 409).code).toBe('mailNotFailed');
    expectProblem(await api.call('POST', `api/v1/mail/${kept.id}/resend`, { as: 'officer' }), 403);
    expectProblem(await api.call('POST', 'api/v1/mail/999999/resend', { as: 'admin' }), 404);
  });
});

describe('notices by e-mail', () => {
  it('mail each move’s notice to the recipients who chose so in their profile, and to no one else', async () => {
    // Off by default: a move mails nothing.
    await register();
    expect((await mailbox('contractor')).items).toEqual([]);

    const me = readAs(
      meResponseSchema,
      await api.call('PATCH', 'api/v1/me', { as: 'contractor', body: { preferences: { mailNotices: true } } }),
    ).data;
    expect(me.preferences.mailNotices).toBe(true);
    const complaint = await register();
    const [mail, ...rest] = (await mailbox('contractor')).items;
    expect(rest).toEqual([]);
    expect(mail).toMatchObject({ to: CONTRACTOR, subject: 'Complaint Desk: New complaint registered', state: 'kept' });
    expect(mail!.text).toContain(`Complaint ${complaint.refNo} (`);
    expect(mail!.text).toMatch(new RegExp(`/manage-complaint/history-complaint\\?detail=${complaint.id}$`, 'm'));

    // The verifier, who did not choose it, is told by the bell alone when it is justified.
    readAs(
      complaintResponseSchema,
      await api.call('POST', `api/v1/complaints/${complaint.id}/justify`, {
        as: 'contractor',
        body: { justification: 'The bins were collected at noon.' },
      }),
    );
    expect((await mailbox('verifier')).items).toEqual([]);
  });

  it('mail the withdrawal of a complaint with nothing to open', async () => {
    readAs(meResponseSchema, await api.call('PATCH', 'api/v1/me', { as: 'contractor', body: { preferences: { mailNotices: true } } }));
    const complaint = await register();
    expect((await api.call('DELETE', `api/v1/complaints/${complaint.id}`, { as: 'officer' })).status).toBe(204);
    const [withdrawal, registration, ...rest] = (await mailbox('contractor')).items;
    expect(rest).toEqual([]);
    expect(registration).toMatchObject({ subject: 'Complaint Desk: New complaint registered' });
    expect(withdrawal).toMatchObject({ to: CONTRACTOR, subject: `Complaint Desk: Complaint ${complaint.refNo} withdrawn` });
    expect(withdrawal!.text).toContain(`Complaint ${complaint.refNo} (`);
    expect(withdrawal!.text).not.toContain('/manage-complaint/');
  });
});
