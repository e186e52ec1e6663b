import { beforeAll, describe, expect, it } from 'vitest';
import {
  markNotificationsReadResponseSchema,
  notificationListResponseSchema,
  notificationResponseSchema,
  notificationSchema,
} from '../contract/notifications';
import { ACCOUNT_ID, notifications as fixtureNotifications } from '../fixtures';
import { connectInjector, type Role } from './support/inject';
import { expectProblem } from '../server/test/expect-problem';

const t = connectInjector();
const headers: Partial<Record<Role, Record<string, string>>> = {};
beforeAll(async () => {
  for (const role of ['officer', 'verifier', 'contractor'] as const) headers[role] = await t.signIn(role);
});

const as = (role: Role) => headers[role]!;
const get = (role: Role, url: string) => t.app.inject({ method: 'GET', url, headers: as(role) });
const del = (role: Role, url: string) => t.app.inject({ method: 'DELETE', url, headers: as(role) });

/** A user's fixture notifications, newest first (ties by id, newest id first). */
function fixtureFor(userId: number, isRead?: boolean) {
  return fixtureNotifications
    .filter((n) => n.recipientId === userId && (isRead === undefined || n.isRead === isRead))
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id);
}

async function list(role: Role, query: string) {
  const res = await get(role, `/api/v1/notifications?${query}`);
  expect(res.statusCode).toBe(200);
  return notificationListResponseSchema.parse(res.json()).data;
}

describe('GET /api/v1/notifications', () => {
  it('lists exactly the caller’s own notifications, newest first, with the total', async () => {
    for (const [role, userId] of [
      ['officer', ACCOUNT_ID.officer],
      ['verifier', ACCOUNT_ID.verifier],
      ['contractor', ACCOUNT_ID.contractor],
    ] as const) {
      const data = await list(role, 'limit=1000&isRead=2');
      const expected = fixtureFor(userId);
      expect(data.items.map((n) => n.id)).toEqual(expected.map((n) => n.id));
      expect(data.pagination).toEqual({ page: 1, limit: 1000, totalRow: expected.length, totalPage: 1 });
      for (const [i, item] of data.items.entries()) {
        const want = expected[i]!;
        expect(item).toMatchObject({
          title: want.title,
          description: want.description,
          isRead: want.isRead,
          complaintId: want.complaintId,
        });
        expect(Date.parse(item.createdAt)).toBe(Date.parse(want.createdAt));
      }
    }
  });

  it('the officer has 20: 7 unread and 13 read, filtered by isRead=0 and isRead=1', async () => {
    const unread = await list('officer', 'limit=1000&isRead=0');
    const read = await list('officer', 'limit=1000&isRead=1');
    expect(unread.items.map((n) => n.id)).toEqual(fixtureFor(ACCOUNT_ID.officer, false).map((n) => n.id));
    expect(read.items.map((n) => n.id)).toEqual(fixtureFor(ACCOUNT_ID.officer, true).map((n) => n.id));
    expect([unread.pagination.totalRow, read.pagination.totalRow]).toEqual([7, 13]);
    expect(unread.items.every((n) => !n.isRead)).toBe(true);
    expect(read.items.every((n) => n.isRead)).toBe(true);
  });

  it('pages: page 2 of limit 5 continues page 1, and the total is the same on both', async () => {
    const all = fixtureFor(ACCOUNT_ID.officer).map((n) => n.id);
    const one = await list('officer', 'limit=5&page=1');
    const two = await list('officer', 'limit=5&page=2');
    expect([...one.items, ...two.items].map((n) => n.id)).toEqual(all.slice(0, 10));
    expect(two.pagination).toEqual({ page: 2, limit: 5, totalRow: 20, totalPage: 4 });
  });

  it('refuses limit over 1000 or isRead=3 with 400 and the field at fault', async () => {
    const tooMany = expectProblem(await get('officer', '/api/v1/notifications?limit=1001'), 400);
    expect(Object.keys(tooMany.errors ?? {})).toContain('limit');
    const badFilter = expectProblem(await get('officer', '/api/v1/notifications?isRead=3'), 400);
    expect(Object.keys(badFilter.errors ?? {})).toContain('isRead');
  });

  it('needs a signed-in caller', async () => {
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/v1/notifications' }), 401);
  });
});

describe('GET /api/v1/notifications: sort and q', () => {
  const officer = () => fixtureFor(ACCOUNT_ID.officer);
  const ids = (list: { id: number }[]) => list.map((n) => n.id);
  /** Ascending by key, ties by id ascending: what `sort=field` promises; `-field` is its reverse. */
  const ascending = <T extends { id: number }>(list: T[], key: (n: T) => string | number) =>
    [...list].sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return (x < y ? -1 : x > y ? 1 : 0) || a.id - b.id;
    });

  it('sorts by title, isRead or createdAt, ascending or with - descending', async () => {
    const byTitle = ids(ascending(officer(), (n) => n.title));
    expect(ids((await list('officer', 'limit=1000&sort=title')).items)).toEqual(byTitle);
    expect(ids((await list('officer', 'limit=1000&sort=-title')).items)).toEqual([...byTitle].reverse());
    const byRead = ids(ascending(officer(), (n) => Number(n.isRead)));
    expect(ids((await list('officer', 'limit=1000&sort=isRead')).items)).toEqual(byRead);
    expect(ids((await list('officer', 'limit=1000&sort=-isRead')).items)).toEqual([...byRead].reverse());
    const oldestFirst = ids(ascending(officer(), (n) => Date.parse(n.createdAt)));
    expect(ids((await list('officer', 'limit=1000&sort=createdAt')).items)).toEqual(oldestFirst);
    expect(ids((await list('officer', 'limit=1000&sort=-createdAt')).items)).toEqual(ids(officer()));
  });

  it('searches title and description for q, ignoring case', async () => {
    const matching = (needle: string) =>
      officer().filter((n) => `${n.title}\n${n.description}`.toLowerCase().includes(needle.toLowerCase()));
    const waived = await list('officer', 'limit=1000&q=WAIVED');
    expect(ids(waived.items)).toEqual(ids(matching('waived')));
    expect(waived.items.length).toBeGreaterThan(0);
    expect(waived.items.every((n) => /waived/i.test(n.title + n.description))).toBe(true);
    // Only in descriptions: the contractor's name.
    const byContractor = await list('officer', 'limit=1000&q=kitar%20hijau');
    expect(ids(byContractor.items)).toEqual(ids(matching('kitar hijau')));
    expect(byContractor.items.some((n) => !/kitar hijau/i.test(n.title))).toBe(true);
    // Combined with the read filter and a sort.
    const unreadFined = await list('officer', 'limit=1000&isRead=0&q=fined&sort=createdAt');
    expect(ids(unreadFined.items)).toEqual(
      ids(
        ascending(
          matching('fined').filter((n) => !n.isRead),
          (n) => Date.parse(n.createdAt),
        ),
      ),
    );
  });

  it('answers an empty page for a q that matches nothing, and takes % and _ literally', async () => {
    for (const q of ['durian', '%', '_']) {
      expect(officer().filter((n) => (n.title + n.description).includes(q))).toEqual([]);
      const none = await list('officer', `limit=10&q=${encodeURIComponent(q)}`);
      expect(none.items).toEqual([]);
      expect(none.pagination).toEqual({ page: 1, limit: 10, totalRow: 0, totalPage: 0 });
    }
  });

  it('pages the filtered list: the totals count only what q matches, on every page', async () => {
    const matching = officer().filter((n) => /complaint/i.test(n.title + n.description));
    expect(matching.length).toBeGreaterThan(5);
    expect(matching.length).toBeLessThan(officer().length);
    const pagination = { limit: 5, totalRow: matching.length, totalPage: Math.ceil(matching.length / 5) };
    const one = await list('officer', 'limit=5&page=1&q=complaint');
    const two = await list('officer', 'limit=5&page=2&q=complaint');
    expect(ids([...one.items, ...two.items])).toEqual(ids(matching).slice(0, 10));
    expect(one.pagination).toEqual({ page: 1, ...pagination });
    expect(two.pagination).toEqual({ page: 2, ...pagination });
    const pastTheEnd = await list('officer', 'limit=5&page=50&q=complaint');
    expect(pastTheEnd.items).toEqual([]);
    expect(pastTheEnd.pagination).toEqual({ page: 50, ...pagination });
  });

  it('refuses a sort field outside the contract with 400 and errors.sort only', async () => {
    for (const sort of ['description', '-recipientId', 'recipient_id', '-', 'title;drop']) {
      const problem = expectProblem(await get('officer', `/api/v1/notifications?sort=${encodeURIComponent(sort)}`), 400);
      expect(Object.keys(problem.errors ?? {})).toEqual(['sort']);
    }
    // The refusals changed nothing: the list still answers as before.
    expect(ids((await list('officer', 'limit=1000')).items)).toEqual(ids(officer()));
  });

  it('answers exactly the fields the contract declares', async () => {
    const keys = Object.keys(notificationSchema.shape).sort();
    const { items } = (await get('officer', '/api/v1/notifications?limit=1000')).json<{ data: { items: object[] } }>().data;
    for (const item of items) expect(Object.keys(item).sort()).toEqual(keys);
  });
});

describe('GET /api/v1/notifications/:id', () => {
  it('answers one of the caller’s own and marks it read', async () => {
    const target = fixtureFor(ACCOUNT_ID.officer, false)[0]!;
    const res = await get('officer', `/api/v1/notifications/${target.id}`);
    expect(res.statusCode).toBe(200);
    const body = notificationResponseSchema.parse(res.json());
    expect(body.data).toMatchObject({ id: target.id, title: target.title, description: target.description, isRead: true });

    const after = await list('officer', 'limit=1000&isRead=2');
    expect(after.items.find((n) => n.id === target.id)?.isRead).toBe(true);
    const unread = await list('officer', 'limit=1000&isRead=0');
    expect(unread.items.map((n) => n.id)).not.toContain(target.id);
    expect(unread.pagination.totalRow).toBe(6);
  });

  it('answers 404 for another user’s notification and leaves it unread', async () => {
    const theirs = fixtureFor(ACCOUNT_ID.verifier, false)[0]!;
    const problem = expectProblem(await get('officer', `/api/v1/notifications/${theirs.id}`), 404);
    expect(JSON.stringify(problem)).not.toContain(theirs.title);
    const owner = await list('verifier', 'limit=1000&isRead=0');
    expect(owner.items.map((n) => n.id)).toContain(theirs.id);
  });

  it('answers 404 for an id that does not exist and 400 for a non-numeric one', async () => {
    expectProblem(await get('officer', '/api/v1/notifications/999999'), 404);
    const bad = expectProblem(await get('officer', '/api/v1/notifications/abc'), 400);
    expect(Object.keys(bad.errors ?? {})).toContain('id');
    expectProblem(await get('officer', '/api/v1/notifications/0'), 400);
  });
});

describe('DELETE /api/v1/notifications/:id', () => {
  it('deletes one of the caller’s own: 204, then 404 on reading or deleting it again', async () => {
    const mine = fixtureFor(ACCOUNT_ID.contractor)[2]!;
    const res = await del('contractor', `/api/v1/notifications/${mine.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectProblem(await get('contractor', `/api/v1/notifications/${mine.id}`), 404);
    expectProblem(await del('contractor', `/api/v1/notifications/${mine.id}`), 404);
    const after = await list('contractor', 'limit=1000');
    expect(after.items.map((n) => n.id)).not.toContain(mine.id);
    expect(after.pagination.totalRow).toBe(fixtureFor(ACCOUNT_ID.contractor).length - 1);
  });

  it('answers 404 for another user’s and keeps it for its owner', async () => {
    const theirs = fixtureFor(ACCOUNT_ID.officer, true)[0]!;
    expectProblem(await del('verifier', `/api/v1/notifications/${theirs.id}`), 404);
    const owner = await get('officer', `/api/v1/notifications/${theirs.id}`);
    expect(owner.statusCode).toBe(200);
    expect(notificationResponseSchema.parse(owner.json()).data.title).toBe(theirs.title);
  });

  it('refuses a non-numeric id with 400 and deletes nothing', async () => {
    const before = (await list('contractor', 'limit=1000')).pagination.totalRow;
    const bad = expectProblem(await del('contractor', '/api/v1/notifications/1;DROP'), 400);
    expect(Object.keys(bad.errors ?? {})).toContain('id');
    expect((await list('contractor', 'limit=1000')).pagination.totalRow).toBe(before);
  });
});

describe('POST /api/v1/notifications/read', () => {
  const post = (role: Role | null, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/notifications/read', headers: role ? as(role) : {}, payload: payload as object });
  const unreadIds = async (role: Role) => (await list(role, 'limit=1000&isRead=0')).items.map((n) => n.id);
  const marked = (res: Awaited<ReturnType<typeof post>>) => {
    expect(res.statusCode).toBe(200);
    return markNotificationsReadResponseSchema.parse(res.json()).data.marked;
  };

  it('marks the named ones of the caller read, passes over another user’s, and answers how many changed', async () => {
    const unread = await unreadIds('officer');
    expect(unread.length).toBeGreaterThanOrEqual(3);
    const othersUnread = await unreadIds('contractor');
    const theirs = othersUnread[0]!;
    expect(marked(await post('officer', { ids: [unread[0], unread[1], theirs] }))).toBe(2);
    expect(await unreadIds('officer')).toEqual(unread.slice(2));
    expect(await unreadIds('contractor')).toEqual(othersUnread);
    // Read already: nothing left to change.
    expect(marked(await post('officer', { ids: [unread[0]] }))).toBe(0);
  });

  it('without ids marks every one of the caller’s own read, and no one else’s', async () => {
    const othersUnread = await unreadIds('contractor');
    const mine = await unreadIds('officer');
    expect(marked(await post('officer', {}))).toBe(mine.length);
    expect(await unreadIds('officer')).toEqual([]);
    expect(await unreadIds('contractor')).toEqual(othersUnread);
  });

  it('refuses bad input with 400 and changes nothing; a stranger gets 401', async () => {
    const before = await unreadIds('contractor');
    for (const body of [{ ids: [] }, { ids: ['x'] }, { ids: [0] }, { all: true }, { ids: Array.from({ length: 1001 }, (_, i) => i + 1) }]) {
      expectProblem(await post('contractor', body), 400);
    }
    expectProblem(await post(null, {}), 401);
    expect(await unreadIds('contractor')).toEqual(before);
  });
});
