import { ActionIcon, Button, Group, Indicator, Loader, Popover, ScrollArea, Text, Tooltip } from '@mantine/core';
import { IconBell, IconChecks } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { toast } from '@/lib/toast';
import { undoableToast } from '@/lib/undo-toast';
import { notificationQueries, useDeleteNotification, useMarkNotificationsRead } from './api';
import { NotificationDetailModal } from './notification-detail-modal';
import { NotificationRow } from './notification-row';
import { useNotificationOpener } from './use-notification-opener';

/** SPEC §2: the list area is 400 px high. */
export const NOTIFICATION_LIST_HEIGHT = 400;

export function NotificationBell() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const headingId = useId();
  const list = useQuery(notificationQueries.list());
  const remove = useDeleteNotification();
  const markAll = useMarkNotificationsRead();
  // Deleted here, waiting for their Undo to run out before the delete is sent.
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const items = (list.data?.items ?? []).filter((n) => !hidden.has(n.id));
  const unread = items.filter((n) => !n.isRead).length;

  // SPEC §2: the list loads again whenever the dropdown is clicked.
  function toggle() {
    void list.refetch();
    setOpened(!opened);
  }

  const { openOne, opening, detail, closeDetail } = useNotificationOpener(() => setOpened(false));

  // A click outside closes the dropdown, but not one on a toast: its Undo answers a move made here.
  useEffect(() => {
    if (!opened) return;
    const close = (event: PointerEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('[data-notification-bell], [data-notification-dropdown], .mantine-Notifications-root')) return;
      setOpened(false);
    };
    document.addEventListener('pointerdown', close, true);
    return () => document.removeEventListener('pointerdown', close, true);
  }, [opened]);

  const show = (id: number) =>
    setHidden((current) => {
      const next = new Set(current);
      next.delete(id);
      return next;
    });
  /** Gone from the list at once; sent when its toast's Undo runs out (SPEC §2: then the list is read again). */
  function removeOne(id: number) {
    setHidden((current) => new Set(current).add(id));
    undoableToast({
      message: t('notifications.deleted'),
      // The top-right corner is under the open dropdown's count and Mark all read.
      position: 'bottom-center',
      undo: () => show(id),
      commit: () =>
        remove.mutate(id, {
          onSettled: () => show(id),
          onError: () => void toast.error(t('notifications.deleteFailed')),
        }),
    });
  }

  const label = t('notifications.bell', { count: unread });
  return (
    <>
      <Popover
        opened={opened}
        onChange={setOpened}
        closeOnClickOutside={false}
        // Under the toasts (250, app.tsx): a deleted notification's Undo stays clickable.
        zIndex={240}
        position="bottom-end"
        width={380}
        shadow="md"
        withinPortal
      >
        {/*
         * The button itself is the popover's target, so aria-expanded, aria-haspopup and
         * aria-controls land on an element whose role allows them (not on the badge's div).
         */}
        <Indicator
          label={unread > 99 ? '99+' : unread}
          color="red"
          size={18}
          offset={6}
          disabled={unread === 0}
          data-testid="notification-count"
        >
          <Tooltip label={t('notifications.title')} disabled={opened}>
            <Popover.Target>
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} onClick={toggle} data-notification-bell>
                <IconBell size={20} />
              </ActionIcon>
            </Popover.Target>
          </Tooltip>
        </Indicator>
        <Popover.Dropdown p={0} role="dialog" aria-labelledby={headingId} data-notification-dropdown>
          <Group justify="space-between" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            <Text fw={700} id={headingId}>
              {t('notifications.title')}
            </Text>
            <Group gap={6}>
              {list.isFetching && <Loader size={14} />}
              <Text size="xs" c="dimmed">
                {t('notifications.summary', { count: list.data?.totalRow ?? 0, unread })}
              </Text>
            </Group>
          </Group>
          {unread > 0 && (
            <Group justify="flex-end" px="md" py={4} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
              <Button
                variant="subtle"
                size="compact-xs"
                leftSection={<IconChecks size={14} />}
                loading={markAll.isPending}
                onClick={() => markAll.mutate(undefined, { onError: () => void toast.error(t('notifications.markReadFailed')) })}
              >
                {t('notifications.markAllRead')}
              </Button>
            </Group>
          )}
          <ScrollArea h={NOTIFICATION_LIST_HEIGHT} type="auto" data-testid="notification-list">
            {list.isError && !list.data ? (
              <div style={{ padding: 12 }}>
                <ErrorState error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
              </div>
            ) : list.isPending ? (
              <Group justify="center" p="xl">
                <Loader size="sm" />
              </Group>
            ) : items.length === 0 ? (
              <Text c="dimmed" ta="center" p="xl" size="sm">
                {t('notifications.empty')}
              </Text>
            ) : (
              <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {items.map((n) => (
                  <NotificationRow
                    key={n.id}
                    notification={n}
                    busy={opening === n.id || (remove.isPending && remove.variables === n.id)}
                    onOpen={() => openOne(n.id)}
                    onDelete={() => removeOne(n.id)}
                  />
                ))}
              </ul>
            )}
          </ScrollArea>
        </Popover.Dropdown>
      </Popover>
      <NotificationDetailModal notification={detail} onClose={closeDetail} />
    </>
  );
}
