import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@contract';

/** Marks a notice whose complaint was withdrawn (deleted): it opens no complaint any more. */
export function WithdrawnBadge({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  if (!notification.withdrawnComplaintRefNo) return null;
  // Filled dark grey: white text keeps its contrast on the unread rows' tint and in dark mode.
  return (
    <Badge size="xs" variant="filled" color="gray.7">
      {t('notifications.withdrawn')}
    </Badge>
  );
}
