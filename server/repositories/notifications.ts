import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Notification } from '../../contract/notifications';
import type { DbOrTx } from '../db/client';
import { notifications } from '../db/schema';
import { pageOf, paginationOf } from './pagination';

const columns = {
  id: notifications.id,
  title: notifications.title,
  description: notifications.description,
  isRead: notifications.isRead,
  complaintId: notifications.complaintId,
  createdAt: notifications.createdAt,
};

const toNotification = (row: { createdAt: Date } & Omit<Notification, 'createdAt'>): Notification => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** `isRead`: 0 unread, 1 read, 2 all. Only the recipient's own. */
export async function listNotifications(db: DbOrTx, recipientId: number, isRead: number, page: number, limit: number) {
  const where: SQL[] = [eq(notifications.recipientId, recipientId)];
  if (isRead !== 2) where.push(eq(notifications.isRead, isRead === 1));
  const [rows, [total]] = await Promise.all([
    db.select(columns).from(notifications).where(and(...where))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .offset(pageOf(page, limit).offset).limit(limit),
    db.select({ n: count() }).from(notifications).where(and(...where)),
  ]);
  return { items: rows.map(toNotification), pagination: paginationOf(page, limit, total?.n ?? 0) };
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
