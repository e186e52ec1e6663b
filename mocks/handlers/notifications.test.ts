import { apiPaths, notificationListResponseSchema, notificationResponseSchema } from '@contract';
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
