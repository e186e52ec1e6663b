import {
  apiPaths,
  notificationListResponseSchema,
  notificationResponseSchema,
  problemTypes,
} from '@contract';
import { demoAccounts, notifications } from '@fixtures';
import { call, readAs, readProblem, signIn } from '../api-test-client';

// src/test/setup.ts starts the MSW node server for every test file and resets the mock db
// after each test.

describe('notifications', () => {
  const officerNotices = notifications.filter((n) => n.recipientId === demoAccounts.officer.id);
  const unread = officerNotices.filter((n) => !n.isRead);

  it('lists only the caller’s notifications, newest first, filtered by isRead', async () => {
    const token = await signIn(demoAccounts.officer.email);
    const all = await readAs(
      notificationListResponseSchema,
      await call(`${apiPaths.notifications}?limit=1000&isRead=2`, { token }),
    );
    expect(all.data.pagination.totalRow).toBe(officerNotices.length);
    const times = all.data.items.map((n) => n.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const onlyUnread = await readAs(
      notificationListResponseSchema,
      await call(`${apiPaths.notifications}?limit=1000&isRead=0`, { token }),
    );
    expect(onlyUnread.data.pagination.totalRow).toBe(unread.length);
    expect(onlyUnread.data.items.every((n) => !n.isRead)).toBe(true);

    const secondPage = await readAs(
      notificationListResponseSchema,
      await call(`${apiPaths.notifications}?limit=5&page=2&isRead=1`, { token }),
    );
    expect(secondPage.data.items).toHaveLength(5);
    expect(secondPage.data.pagination).toEqual({
      page: 2,
      limit: 5,
      totalRow: officerNotices.length - unread.length,
      totalPage: Math.ceil((officerNotices.length - unread.length) / 5),
    });
  });

  it('rejects a limit over 1000', async () => {
    const token = await signIn(demoAccounts.officer.email);
    const problem = await readProblem(
      await call(`${apiPaths.notifications}?limit=5000`, { token }),
      400,
      problemTypes.validation,
    );
    expect(problem.errors).toHaveProperty('limit');
  });

  it('marks a notification read when it is opened', async () => {
    const token = await signIn(demoAccounts.officer.email);
    const target = unread[0]!;
    const opened = await readAs(
      notificationResponseSchema,
      await call(apiPaths.notification(target.id), { token }),
    );
    expect(opened.data).toMatchObject({ id: target.id, isRead: true, title: target.title });
    const stillUnread = await readAs(
      notificationListResponseSchema,
      await call(`${apiPaths.notifications}?isRead=0`, { token }),
    );
    expect(stillUnread.data.pagination.totalRow).toBe(unread.length - 1);
  });

  it('deletes a notification, which is then gone', async () => {
    const token = await signIn(demoAccounts.officer.email);
    const target = officerNotices[0]!;
    const path = apiPaths.notification(target.id);
    expect((await call(path, { token, method: 'DELETE' })).status).toBe(204);
    await readProblem(await call(path, { token }), 404);
    await readProblem(await call(path, { token, method: 'DELETE' }), 404);
  });

  it('answers 404 for another user’s notification', async () => {
    const token = await signIn(demoAccounts.verifier.email);
    await readProblem(await call(apiPaths.notification(officerNotices[0]!.id), { token }), 404);
  });
});

describe('notifications: sort and q, as the server answers them', () => {
  const officerNotices = notifications.filter((n) => n.recipientId === demoAccounts.officer.id);
  const ids = (list: readonly { id: number }[]) => list.map((n) => n.id);
  /** Ascending by key, ties by id ascending: what `sort=field` promises; `-field` is its reverse. */
  const ascending = (key: (n: (typeof officerNotices)[number]) => string | number) =>
    ids(
      [...officerNotices].sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        return (x < y ? -1 : x > y ? 1 : 0) || a.id - b.id;
      }),
    );
  const matching = (needle: string) =>
    officerNotices.filter((n) =>
      `${n.title}\n${n.description}`.toLowerCase().includes(needle.toLowerCase()),
    );

  async function list(token: string, query: string) {
    return (
      await readAs(
        notificationListResponseSchema,
        await call(`${apiPaths.notifications}?${query}`, { token }),
      )
    ).data;
  }

  it('sorts by title, isRead or createdAt, ascending or with - descending', async () => {
    const token = await signIn(demoAccounts.officer.email);
    for (const [field, key] of [
      ['title', (n) => n.title],
      ['isRead', (n) => Number(n.isRead)],
      ['createdAt', (n) => Date.parse(n.createdAt)],
    ] as const satisfies readonly [string, Parameters<typeof ascending>[0]][]) {
      expect(ids((await list(token, `limit=1000&sort=${field}`)).items)).toEqual(ascending(key));
      expect(ids((await list(token, `limit=1000&sort=-${field}`)).items)).toEqual(
        ascending(key).reverse(),
      );
    }
  });

  it('searches title and description for q, ignoring case, with totals of the matches', async () => {
    const token = await signIn(demoAccounts.officer.email);
    const waived = await list(token, 'limit=1000&q=WAIVED');
    expect(ids(waived.items)).toEqual(ascending((n) => Date.parse(n.createdAt)).reverse().filter(
      (id) => ids(matching('waived')).includes(id),
    ));
    expect(waived.pagination.totalRow).toBe(matching('waived').length);
    // Only in descriptions: the contractor's name.
    const byContractor = await list(token, 'limit=1000&q=kitar%20hijau');
    expect(byContractor.items.length).toBe(matching('kitar hijau').length);
    expect(byContractor.items.some((n) => !/kitar hijau/i.test(n.title))).toBe(true);

    const none = await list(token, 'limit=10&q=durian');
    expect(none).toEqual({ items: [], pagination: { page: 1, limit: 10, totalRow: 0, totalPage: 0 } });

    const total = matching('complaint').length;
    const second = await list(token, 'limit=5&page=2&q=complaint');
    expect(second.items).toHaveLength(5);
    expect(second.pagination).toEqual({ page: 2, limit: 5, totalRow: total, totalPage: Math.ceil(total / 5) });
  });

  it('refuses a sort field outside the contract with 400 and errors.sort only', async () => {
    const token = await signIn(demoAccounts.officer.email);
    for (const sort of ['description', '-recipientId', '-']) {
      const problem = await readProblem(
        await call(`${apiPaths.notifications}?sort=${encodeURIComponent(sort)}`, { token }),
        400,
        problemTypes.validation,
      );
      expect(Object.keys(problem.errors ?? {})).toEqual(['sort']);
    }
  });
});
