import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Notification, NotificationSortField } from '../../contract/notifications';
import type { DbOrTx } from '../db/client';
import { notifications } from '../db/schema';
import { containing, type ListSort, pageOf, pageWithTotal, totalOver } from './pagination';

const columns = {
  id: notifications.id,
  title: notifications.title,
  description: notifications.description,
  isRead: notifications.isRead,
  complaintId: notifications.complaintId,
  createdAt: notifications.createdAt,
};

const sortColumn = {
  createdAt: notifications.createdAt,
  title: notifications.title,
  isRead: notifications.isRead,
} as const satisfies Record<NotificationSortField, unknown>;

const NEWEST_FIRST: ListSort<NotificationSortField> = { field: 'createdAt', descending: true };

type Row = { createdAt: Date } & Omit<Notification, 'createdAt'>;

const toNotification = (row: Row): Notification => ({
  id: row.id,
  title: row.title,
  description: row.description,
  isRead: row.isRead,
  complaintId: row.complaintId,
  createdAt: row.createdAt.toISOString(),
});

export interface NotificationListQuery {
  /** 0 unread, 1 read, 2 all. */
  isRead: number;
  page: number;
  limit: number;
  sort?: ListSort<NotificationSortField>;
  /** A piece of the title or the description, in any case. */
  q?: string;
}

/** Only the recipient's own; newest first unless sorted, ties broken by id the same way. */
export async function listNotifications(db: DbOrTx, recipientId: number, query: NotificationListQuery) {
  const where: SQL[] = [eq(notifications.recipientId, recipientId)];
  if (query.isRead !== 2) where.push(eq(notifications.isRead, query.isRead === 1));
  if (query.q) {
    const pattern = containing(query.q);
    where.push(or(ilike(notifications.title, pattern), ilike(notifications.description, pattern))!);
  }
  const { field, descending } = query.sort ?? NEWEST_FIRST;
  const direction = descending ? desc : asc;
  const rows = await db.select({ ...columns, total: totalOver() }).from(notifications).where(and(...where))
    .orderBy(direction(sortColumn[field]), direction(notifications.id))
    .offset(pageOf(query.page, query.limit).offset).limit(query.limit);
  return pageWithTotal(rows, query, toNotification, async () => {
    const [total] = await db.select({ n: count() }).from(notifications).where(and(...where));
    return total?.n ?? 0;
  });
}

/** Reading one marks it read. */
export async function readNotification(db: DbOrTx, id: number, recipientId: number) {
  const [row] = await db.update(notifications).set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
    .returning(columns);
  return row ? toNotification(row) : null;
}

export async function deleteNotification(db: DbOrTx, id: number, recipientId: number) {
  const rows = await db.delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}
