import { Alert, Button, Group, Text } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@contract';
import { Modal } from '@/components/modal';
import { formatDateTime } from '@/lib/date-format';

/**
 * A notification that opens nothing else, read in full: one not tied to a complaint, or one
 * whose complaint was withdrawn, which says so first.
 */
export function NotificationDetailModal({ notification, onClose }: { notification: Notification | null; onClose: () => void }) {
  const { t } = useTranslation();
  const withdrawn = notification?.withdrawnComplaintRefNo;
  return (
    <Modal opened={notification !== null} onClose={onClose} title={notification?.title} centered>
      {withdrawn && (
        <Alert color="gray" icon={<IconFileOff size={18} />} title={t('notifications.withdrawnTitle', { refNo: withdrawn })} mb="md">
          {t('notifications.withdrawnText')}
        </Alert>
      )}
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
