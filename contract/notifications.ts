import { z } from 'zod';
import { itemEnvelope, listEnvelope, listQuerySchema } from './envelope';

export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Plain text; newlines are shown as line breaks, never as markup. */
  description: z.string(),
  isRead: z.boolean(),
  complaintId: z.number().int().nullable().optional(),
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
