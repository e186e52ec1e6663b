import { z } from 'zod';
import { itemEnvelope, LIST_LIMIT_MAX, listEnvelope, listQuerySchema } from './envelope';

export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Plain text; newlines are shown as line breaks, never as markup. */
  description: z.string(),
  isRead: z.boolean(),
  /** The complaint it opens; null once that complaint was withdrawn (deleted). */
  complaintId: z.number().int().nullable().optional(),
  /**
   * Set on every notice about a complaint that was withdrawn (deleted), the notice of the
   * withdrawal among them: the complaint's reference, kept as nothing else names it any more.
   */
  withdrawnComplaintRefNo: z.string().nullable(),
  /** Set on the notice of an issued claim record: it opens that record's invoice. */
  claimRecordId: z.number().int().nullable().optional(),
  createdAt: z.iso.datetime(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `isRead`: 0 unread, 1 read, 2 all. */
export const NOTIFICATION_READ = { unread: 0, read: 1, all: 2 } as const;
export const notificationReadFilterSchema = z.coerce.number().int().min(NOTIFICATION_READ.unread).max(NOTIFICATION_READ.all);

/** Sortable notification fields; `-field` sorts descending. Unsorted, the newest come first. */
export const NOTIFICATION_SORT_FIELDS = ['createdAt', 'title', 'isRead'] as const;
export type NotificationSortField = (typeof NOTIFICATION_SORT_FIELDS)[number];

/** `q` searches title and description, ignoring case. */
export const notificationListQuerySchema = listQuerySchema.extend({
  isRead: notificationReadFilterSchema.default(NOTIFICATION_READ.all),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationListResponseSchema = listEnvelope(notificationSchema);
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;
export const notificationResponseSchema = itemEnvelope(notificationSchema);
export type NotificationResponse = z.infer<typeof notificationResponseSchema>;

/**
 * `POST /api/v1/notifications/read`: marks the caller's own notifications read, those of `ids`
 * or, without it, every one; others' ids are passed over. Answers how many were unread and now are not.
 */
export const markNotificationsReadRequestSchema = z
  .object({ ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(LIST_LIMIT_MAX).optional() })
  .strict();
export type MarkNotificationsReadRequest = z.input<typeof markNotificationsReadRequestSchema>;
export const markNotificationsReadResponseSchema = itemEnvelope(z.object({ marked: z.number().int().min(0) }));
export type MarkNotificationsReadResponse = z.infer<typeof markNotificationsReadResponseSchema>;
