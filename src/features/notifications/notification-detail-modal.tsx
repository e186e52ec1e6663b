import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@contract';
import { Modal } from '@/components/modal';
import { formatDateTime } from '@/lib/date-format';

/** A notification not tied to a complaint, read in full. */
export function NotificationDetailModal({ notification, onClose }: { notification: Notification | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={notification !== null} onClose={onClose} title={notification?.title} centered>
      <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {notification?.description}
      </Text>
      <Text size="xs" c="dimmed" mt="sm">
        {formatDateTime(notification?.createdAt)}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('common.close')}
        </Button>
      </Group>
    </Modal>
  );
}
