import {
  apiPaths,
  idParamsSchema,
  markNotificationsReadRequestSchema,
  markNotificationsReadResponseSchema,
  NOTIFICATION_SORT_FIELDS,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationResponseSchema,
} from '@contract';
import { instant, LIST_RULES, listOrder, matchesSearch, pageRows, parseSort, problems, readStateAsked } from '@domain';
import { mockDb, updateMockDb } from '../db';
import { noContent, readBody, readParams, readQuery, respond, route } from '../http';
import { requireSession } from '../session';

/** Everyone reads and deletes only their own notifications; another's answers 404. */
export const notificationHandlers = [
  route('get', apiPaths.notifications, ({ request }) => {
    const { account } = requireSession(request);
    const query = readQuery(request, notificationListQuerySchema);
    const sort = parseSort(query.sort, NOTIFICATION_SORT_FIELDS) ?? LIST_RULES.notifications.first;
    const isRead = readStateAsked(query.isRead);
    const rows = mockDb()
      .notifications.filter(
        (n) =>
          n.recipientId === account.id &&
          (isRead === null || n.isRead === isRead) &&
          matchesSearch(query.q, LIST_RULES.notifications.searchIn, n),
      )
      .sort(listOrder(sort, (n, field) => (field === 'createdAt' ? instant(n.createdAt) : n[field])));
    return respond(notificationListResponseSchema, { data: pageRows(rows, query) });
  }),

  route('get', apiPaths.notification(':id'), ({ request, params }) => {
    const { account } = requireSession(request);
    const { id } = readParams(params, idParamsSchema);
    const opened = updateMockDb((db) => {
      const found = db.notifications.find((n) => n.id === id && n.recipientId === account.id);
      if (found) found.isRead = true;
      return found;
    });
    if (!opened) throw problems.notFound('Notification');
    return respond(notificationResponseSchema, { data: opened });
  }),

  route('post', apiPaths.notificationsRead, async ({ request }) => {
    const { account } = requireSession(request);
    const { ids } = await readBody(request, markNotificationsReadRequestSchema);
    const marked = updateMockDb(
      (db) =>
        db.notifications
          .filter((n) => n.recipientId === account.id && !n.isRead && (!ids || ids.includes(n.id)))
          .map((n) => (n.isRead = true)).length,
    );
    return respond(markNotificationsReadResponseSchema, { data: { marked } });
  }),

  route('delete', apiPaths.notification(':id'), ({ request, params }) => {
    const { account } = requireSession(request);
    const { id } = readParams(params, idParamsSchema);
    const deleted = updateMockDb((db) => {
      const index = db.notifications.findIndex((n) => n.id === id && n.recipientId === account.id);
      if (index >= 0) db.notifications.splice(index, 1);
      return index >= 0;
    });
    if (!deleted) throw problems.notFound('Notification');
    return noContent();
  }),
];
