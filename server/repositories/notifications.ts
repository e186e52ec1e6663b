import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Notification, NotificationSortField } from '../../contract/notifications';
import type { DbOrTx } from '../db/client';
import { notifications } from '../db/schema';
import { LIST_RULES, pageOf, readStateAsked, type ListSort } from '../../domain/lists';
import { containing, pageWithTotal, totalOf } from './pagination';
import { prepared } from './prepared';

const columns = {
  id: notifications.id,
  title: notifications.title,
  description: notifications.description,
  isRead: notifications.isRead,
  complaintId: notifications.complaintId,
  withdrawnComplaintRefNo: notifications.withdrawnComplaintRefNo,
  claimRecordId: notifications.claimRecordId,
  createdAt: notifications.createdAt,
};

const sortColumn = {
  createdAt: notifications.createdAt,
  title: notifications.title,
  isRead: notifications.isRead,
} as const satisfies Record<NotificationSortField, unknown>;

type Row = { createdAt: Date } & Omit<Notification, 'createdAt'>;

const toNotification = (row: Row): Notification => ({
  id: row.id,
  title: row.title,
  description: row.description,
  isRead: row.isRead,
  complaintId: row.complaintId,
  withdrawnComplaintRefNo: row.withdrawnComplaintRefNo,
  claimRecordId: row.claimRecordId,
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

/** The rows a list query matches, filters as placeholders: each shape is one prepared statement. */
function matching(db: DbOrTx, { byRead, search }: { byRead: boolean; search: boolean }) {
  const filters: SQL[] = [eq(notifications.recipientId, sql.placeholder('recipientId'))];
  if (byRead) filters.push(eq(notifications.isRead, sql.placeholder('isRead')));
  if (search) {
    const pattern = sql.placeholder('pattern');
    filters.push(or(...LIST_RULES.notifications.searchIn.map((field) => ilike(notifications[field], pattern)))!);
  }
  const where = and(...filters);
  return { where, count: () => db.select({ n: count() }).from(notifications).where(where) };
}

/**
 * Only the recipient's own; newest first unless sorted, ties broken by id the same way. The
 * bell polls this, so it is one prepared query that also counts the matches.
 */
export async function listNotifications(db: DbOrTx, recipientId: number, query: NotificationListQuery) {
  const isRead = readStateAsked(query.isRead);
  const shape = { byRead: isRead !== null, search: Boolean(query.q) };
  const sort = query.sort ?? LIST_RULES.notifications.first;
  const values = { recipientId, isRead: isRead ?? false, pattern: query.q && containing(query.q) };
  const variant = `${shape.byRead ? 'r' : ''}${shape.search ? 'q' : ''}`;
  const direction = sort.descending ? desc : asc;
  const list = prepared(db, `notifications_list_${variant}_${sort.descending ? '-' : ''}${sort.field}`, (name) => {
    const { where, count } = matching(db, shape);
    return db
      .select({ ...columns, total: totalOf(count()) })
      .from(notifications)
      .where(where)
      .orderBy(direction(sortColumn[sort.field]), direction(notifications.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  });
  const rows = await list.execute({ ...values, ...pageOf(query.page, query.limit) });
  return pageWithTotal(rows, query, toNotification, async () => {
    const total = prepared(db, `notifications_count_${variant}`, (name) => matching(db, shape).count().prepare(name));
    return (await total.execute(values))[0]?.n ?? 0;
  });
}

/** Reading one marks it read. */
export async function readNotification(db: DbOrTx, id: number, recipientId: number) {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
    .returning(columns);
  return row ? toNotification(row) : null;
}

/** Marks the recipient's own unread ones read: those of `ids`, or all; answers how many changed. */
export async function markNotificationsRead(db: DbOrTx, recipientId: number, ids: readonly number[] | undefined) {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        eq(notifications.isRead, false),
        ids ? inArray(notifications.id, [...ids]) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteNotification(db: DbOrTx, id: number, recipientId: number) {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}
