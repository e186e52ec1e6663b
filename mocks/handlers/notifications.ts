import { http, HttpResponse } from 'msw';
import {
  apiPaths,
  NOTIFICATION_SORT_FIELDS,
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
import { invalidFields, readId, readQuery, respond } from '../request-validation';
import { requireSession } from '../session';

/** `isRead` of the query: 0 unread only, 1 read only, 2 all. */
function matchesReadFilter(notification: FixtureNotification, isRead: number): boolean {
  if (isRead === 0) return !notification.isRead;
  if (isRead === 1) return notification.isRead;
  return true;
}

type SortField = (typeof NOTIFICATION_SORT_FIELDS)[number];

function isSortField(name: string): name is SortField {
  return (NOTIFICATION_SORT_FIELDS as readonly string[]).includes(name);
}

/** Text compares by code point, as the server's database does; times as instants. */
function sortKey(notification: FixtureNotification, field: SortField): string | number {
  if (field === 'createdAt') return Date.parse(notification.createdAt);
  if (field === 'isRead') return Number(notification.isRead);
  return notification[field];
}

/**
 * `sort` is a field name, descending when prefixed with `-`; ties go by id the same way.
 * Without it the newest come first.
 */
function notificationOrder(sort: string | undefined) {
  const field = sort ? sort.replace(/^-/, '') : 'createdAt';
  if (!isSortField(field)) {
    throw invalidFields({
      sort: [`Sort by one of ${NOTIFICATION_SORT_FIELDS.join(', ')}; prefix - for descending.`],
    });
  }
  const direction = !sort || sort.startsWith('-') ? -1 : 1;
  return (a: FixtureNotification, b: FixtureNotification): number => {
    const [left, right] = [sortKey(a, field), sortKey(b, field)];
    return direction * ((left < right ? -1 : left > right ? 1 : 0) || a.id - b.id);
  };
}

function matchesSearch(notification: FixtureNotification, q: string | undefined): boolean {
  if (!q) return true;
  const needle = q.toLowerCase();
  return [notification.title, notification.description].some((text) =>
    text.toLowerCase().includes(needle),
  );
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
          notification.recipientId === account.id &&
          matchesReadFilter(notification, query.isRead) &&
          matchesSearch(notification, query.q),
      )
      .sort(notificationOrder(query.sort));
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
