import { beforeAll, describe, expect, it } from 'vitest';
import { complaintResponseSchema } from '../contract/complaints';
import { notificationListResponseSchema, notificationResponseSchema, type Notification } from '../contract/notifications';
import { adminUserResponseSchema } from '../contract/users';
import { ACCOUNT_ID, accounts, ORGANIZATION_ID, userTypeByKey } from '../fixtures';
import { connectApi, readAs } from './support/api';
import { newComplaint } from '../server/test/complaints';

// Issue 46, requirement 4: notices follow their complaint, and nobody is told of their own act.
// No reset between tests: each works on complaints of its own and compares bells before and after.

const api = connectApi();

const PASSWORD = 'Lantern-quiet-river-42';
const SECOND_EMAIL = 'siti.rohani@alambersih.example.com';

/** Bearer tokens of every active account, and of a second user of Alam Bersih made for this file. */
const tokens = new Map<number, string>();
let second = 0;

beforeAll(async () => {
  const invited = readAs(
    adminUserResponseSchema,
    await api.call('POST', 'api/v1/users', {
      as: 'admin',
      body: {
        email: SECOND_EMAIL,
        fullName: 'Siti Rohani binti Yusof',
        userTypeId: userTypeByKey.contractor.id,
        organizationId: ORGANIZATION_ID.alamBersih,
      },
    }),
  ).data;
  const code = /\/account\/activation\/([A-Za-z0-9_-]+)$/m.exec((await api.outbox(SECOND_EMAIL))[0]!.text)![1]!;
  expect((await api.call('POST', 'api/v1/auth/activate', { body: { code, password: PASSWORD } })).status).toBe(200);
  second = invited.id;
  tokens.set(second, await api.signInEmail(SECOND_EMAIL, PASSWORD));
  for (const account of accounts.filter((a) => a.status === 'active')) tokens.set(account.id, await api.signInEmail(account.email));
});

/** Every watched user's bell, by user id. */
async function bells(): Promise<Map<number, Notification[]>> {
  const all = new Map<number, Notification[]>();
  for (const [userId, token] of tokens) {
    const res = await api.call('GET', 'api/v1/notifications?limit=1000', { as: { token } });
    all.set(userId, readAs(notificationListResponseSchema, res).data.items);
  }
  return all;
}

/** What each bell gained between two looks; only the users whose bell gained something. */
function gained(before: Map<number, Notification[]>, after: Map<number, Notification[]>) {
  const news = new Map<number, Notification[]>();
  for (const [userId, items] of after) {
    const known = new Set(before.get(userId)!.map((n) => n.id));
    const added = items.filter((n) => !known.has(n.id));
    if (added.length > 0) news.set(userId, added);
  }
  return news;
}

/** A fresh submitted complaint against Alam Bersih, registered by the officer. */
async function registered() {
  return readAs(
    complaintResponseSchema,
    await api.call('POST', 'api/v1/complaints', {
      as: 'officer',
      body: newComplaint(),
    }),
  ).data;
}

const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

/** The user's notices about a complaint still there. */
const aboutComplaint = (bell: Map<number, Notification[]>, userId: number, complaintId: number) =>
  bell.get(userId)!.filter((n) => n.complaintId === complaintId);

describe('deleting a complaint', () => {
  it('tells everyone who was notified of it that it was withdrawn, and nobody else; its old notices say so', async () => {
    const complaint = await registered();
    const told = await bells();
    const registrationNotices = [ACCOUNT_ID.contractor, second].map((id) => aboutComplaint(told, id, complaint.id));
    expect(registrationNotices.map((n) => n.map((x) => x.title))).toEqual([['New complaint registered'], ['New complaint registered']]);

    expect((await api.call('DELETE', `api/v1/complaints/${complaint.id}`, { as: 'officer' })).status).toBe(204);
    const after = await bells();

    // One new notice to each of the contractor's users told before, none to the officer who deleted it, nor to anyone else.
    const news = gained(told, after);
    expect(sorted(news.keys())).toEqual(sorted([ACCOUNT_ID.contractor, second]));
    for (const [, [notice, ...more]] of news) {
      expect(more).toEqual([]);
      expect(notice).toMatchObject({
        title: `Complaint ${complaint.refNo} withdrawn`,
        isRead: false,
        complaintId: null,
        withdrawnComplaintRefNo: complaint.refNo,
      });
      expect(notice!.description).toContain(complaint.refNo);
    }
    // The old notices keep their words and read state, but point at no complaint: they name the one withdrawn.
    for (const [i, userId] of [ACCOUNT_ID.contractor, second].entries()) {
      const [old] = registrationNotices[i]!;
      const now = after.get(userId)!.find((n) => n.id === old!.id)!;
      expect(now).toEqual({ ...old, complaintId: null, withdrawnComplaintRefNo: complaint.refNo });
    }
    // Opening an old one answers it as withdrawn, not an error.
    const opened = readAs(
      notificationResponseSchema,
      await api.call('GET', `api/v1/notifications/${registrationNotices[0]![0]!.id}`, {
        as: { token: tokens.get(ACCOUNT_ID.contractor)! },
      }),
    ).data;
    expect(opened).toMatchObject({ isRead: true, complaintId: null, withdrawnComplaintRefNo: complaint.refNo });
    expect((await api.call('GET', `api/v1/complaints/${complaint.id}`, { as: 'officer' })).status).toBe(404);
  });

  it('tells nobody who deleted their notice of it before', async () => {
    const complaint = await registered();
    const [notice] = aboutComplaint(await bells(), second, complaint.id);
    expect((await api.call('DELETE', `api/v1/notifications/${notice!.id}`, { as: { token: tokens.get(second)! } })).status).toBe(204);
    const before = await bells();
    expect((await api.call('DELETE', `api/v1/complaints/${complaint.id}`, { as: 'officer' })).status).toBe(204);
    const news = gained(before, await bells());
    expect([...news.keys()]).toEqual([ACCOUNT_ID.contractor]);
  });
});

describe('nobody is told of their own act', () => {
  it('a justification tells the verifiers and the contractor’s other users, not the user who justified', async () => {
    const complaint = await registered();
    const before = await bells();
    const res = await api.call('POST', `api/v1/complaints/${complaint.id}/justify`, {
      as: 'contractor',
      body: { justification: 'Our crew was there on time.' },
    });
    expect(res.status).toBe(200);
    const news = gained(before, await bells());
    expect(sorted(news.keys())).toEqual(sorted([ACCOUNT_ID.verifier, second]));
    for (const [, items] of news) expect(items.map((n) => [n.title, n.complaintId])).toEqual([['Complaint justified', complaint.id]]);
    // The other user of the contractor reads it as its organisation's.
    expect(news.get(second)![0]!.description).toBe(
      `Your justification for ${complaint.refNo} was received and is waiting for verification.`,
    );
  });

  it('a decision tells the creator and the contractor’s users, not the verifier who made it', async () => {
    const complaint = await registered();
    const before = await bells();
    const res = await api.call('POST', `api/v1/complaints/${complaint.id}/verify`, { as: 'verifier', body: { decision: 'waive' } });
    expect(res.status).toBe(200);
    const news = gained(before, await bells());
    expect(sorted(news.keys())).toEqual(sorted([ACCOUNT_ID.officer, ACCOUNT_ID.contractor, second]));
  });
});
