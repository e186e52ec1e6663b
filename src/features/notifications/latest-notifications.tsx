import { Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { formatDateTime } from '@/lib/date-format';
import { notificationQueries } from './api';
import { NotificationDetailModal } from './notification-detail-modal';
import { useNotificationOpener } from './use-notification-opener';
import { WithdrawnBadge } from './withdrawn-badge';

/** How many the side panel shows; the bell has them all. */
const SHOWN = 8;

/** The side panel's messages: the user's latest notifications (the bell's own list), each opening as in the bell. */
export function LatestNotifications() {
  const { t } = useTranslation();
  const list = useQuery(notificationQueries.list());
  const { openOne, opening, detail, closeDetail } = useNotificationOpener();

  if (list.isPending)
    return (
      <Stack gap="sm">
        {[1, 2, 3].map((n) => (
          <Skeleton key={n} h={56} />
        ))}
      </Stack>
    );
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  const latest = list.data.items.slice(0, SHOWN);
  if (latest.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('notifications.empty')}
      </Text>
    );

  return (
    <>
      <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {latest.map((n) => (
          <li key={n.id}>
            <UnstyledButton onClick={() => openOne(n.id)} disabled={opening === n.id} aria-busy={opening === n.id || undefined} w="100%">
              <Text size="sm" fw={n.isRead ? 400 : 700}>
                {n.title}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={2} style={{ whiteSpace: 'pre-line' }}>
                {n.description}
              </Text>
              <Group gap={6}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(n.createdAt)}
                </Text>
                <WithdrawnBadge notification={n} />
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
      {list.data.totalRow > SHOWN && (
        <Text size="xs" c="dimmed" mt="md">
          {t('aside.moreInBell', { count: list.data.totalRow - SHOWN })}
        </Text>
      )}
      <NotificationDetailModal notification={detail} onClose={closeDetail} />
    </>
  );
}
