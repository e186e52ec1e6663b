import { http, HttpResponse } from 'msw';
import {
  apiPaths,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationResponseSchema,
} from '@contract';
import type { FixtureNotification } from '@fixtures';
import { mockDb, updateMockDb } from '../db';
import { apiRoute } from '../api-route';
import { simulateLatency } from '../latency';
import { paginate } from '../pagination';
import { problem } from '../problem';
import { readId, readQuery, respond } from '../request-validation';
import { requireSession } from '../session';

/** `isRead` of the query: 0 unread only, 1 read only, 2 all. */
function matchesReadFilter(notification: FixtureNotification, isRead: number): boolean {
  if (isRead === 0) return !notification.isRead;
  if (isRead === 1) return notification.isRead;
  return true;
}

function newestFirst(a: FixtureNotification, b: FixtureNotification): number {
  return b.createdAt.localeCompare(a.createdAt) || b.id - a.id;
}

/** Someone else's notification answers 404, so ids of other users' notices are not probed. */
function notFound() {
  return problem(404, 'Notification not found');
}

export const notificationHandlers = [
  http.get(apiRoute(apiPaths.notifications), async ({ request }) => {
    await simulateLatency();
    const { account } = requireSession(request);
    const query = readQuery(request, notificationListQuerySchema);
    const rows = mockDb()
      .notifications.filter(
        (notification) =>
          notification.recipientId === account.id && matchesReadFilter(notification, query.isRead),
      )
      .sort(newestFirst);
    return respond(notificationListResponseSchema, { data: paginate(rows, query) });
  }),

  http.get(apiRoute(apiPaths.notification(':id')), async ({ request, params }) => {
    await simulateLatency();
    const { account } = requireSession(request);
    const id = readId(params);
    const opened = updateMockDb((db) => {
      const found = db.notifications.find(
        (notification) => notification.id === id && notification.recipientId === account.id,
      );
      if (found) found.isRead = true;
      return found;
    });
    if (!opened) return notFound();
    return respond(notificationResponseSchema, { data: opened });
  }),

  http.delete(apiRoute(apiPaths.notification(':id')), async ({ request, params }) => {
    await simulateLatency();
    const { account } = requireSession(request);
    const id = readId(params);
    const deleted = updateMockDb((db) => {
      const index = db.notifications.findIndex(
        (notification) => notification.id === id && notification.recipientId === account.id,
      );
      if (index >= 0) db.notifications.splice(index, 1);
      return index >= 0;
    });
    if (!deleted) return notFound();
    return new HttpResponse(null, { status: 204 });
  }),
];
