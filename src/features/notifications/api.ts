import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type { Notification, NotificationListResponse, NotificationResponse } from '@contract';
import { api } from '@/lib/api-client';

/** SPEC §9: the list is polled every minute, 1000 at most, read and unread alike. */
export const NOTIFICATION_POLL_MS = 60_000;
export const NOTIFICATION_LIST_PARAMS = { limit: 1000, isRead: 2 } as const;

export const notificationQueries = {
  all: () => ['notifications'] as const,
  list: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'list', NOTIFICATION_LIST_PARAMS],
      queryFn: async () => {
        const body = await api.get(apiPaths.notifications, { searchParams: NOTIFICATION_LIST_PARAMS }).json<NotificationListResponse>();
        return { items: body.data.items, totalRow: body.data.pagination.totalRow };
      },
      refetchInterval: NOTIFICATION_POLL_MS,
    }),
};

/** Opening one reads it (the server marks it read), then the list is fetched again. */
export function useOpenNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number): Promise<Notification> => (await api.get(apiPaths.notification(id)).json<NotificationResponse>()).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationQueries.all() }),
  });
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      // keepalive: a delete sent as the page goes away (an Undo still running) still arrives.
      await api.delete(apiPaths.notification(id), { keepalive: true });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationQueries.all() }),
  });
}

/** Marks the caller's notifications read: those of `ids`, or every one. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids?: number[]) => {
      await api.post(apiPaths.notificationsRead, { json: ids ? { ids } : {} });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationQueries.all() }),
  });
}
