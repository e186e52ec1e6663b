import { ActionIcon, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@contract';
import { formatDateTime } from '@/lib/date-format';
import classes from './notification-row.module.css';
import { WithdrawnBadge } from './withdrawn-badge';

interface NotificationRowProps {
  notification: Notification;
  busy: boolean;
  onOpen: () => void;
  onDelete: () => void;
}

/** One notification: unread ones in bold; text is shown as text, line breaks kept. */
export function NotificationRow({ notification: n, busy, onOpen, onDelete }: NotificationRowProps) {
  const { t } = useTranslation();
  return (
    <li className={classes.row} data-unread={!n.isRead || undefined} aria-busy={busy || undefined}>
      <UnstyledButton className={classes.open} onClick={onOpen} disabled={busy}>
        <Text size="sm" fw={n.isRead ? 400 : 700} className={classes.title}>
          {n.title}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={3} className={classes.description}>
          {n.description}
        </Text>
        <Group gap={6} mt={2}>
          <Text size="xs" c="dimmed">
            {formatDateTime(n.createdAt)}
          </Text>
          <WithdrawnBadge notification={n} />
        </Group>
      </UnstyledButton>
      <Group>
        <Tooltip label={t('notifications.delete')}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('notifications.deleteOne', { title: n.title })}
            onClick={onDelete}
            disabled={busy}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </li>
  );
}
