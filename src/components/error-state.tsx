import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface ErrorStateProps {
  error?: unknown;
  title?: string;
  onRetry?: () => void;
  retrying?: boolean;
  onDismiss?: () => void;
}

/** A failed load, shown in place without blocking the rest of the screen. */
export function ErrorState({ title, onRetry, retrying, onDismiss }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={20} />}
      title={title ?? t('common.loadFailed')}
      role="alert"
      mb="md"
      withCloseButton={onDismiss !== undefined}
      onClose={onDismiss}
      closeButtonLabel={t('common.dismiss')}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('common.loadFailedHint')}</Text>
        {onRetry && (
          <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} loading={retrying} onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
