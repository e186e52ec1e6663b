import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { failureKindOf } from '@/lib/api-error';

interface ErrorStateProps {
  error?: unknown;
  title?: string;
  onRetry?: () => void;
  retrying?: boolean;
  onDismiss?: () => void;
}

/**
 * A failed load, shown in place without blocking the rest of the screen, and worded by why it
 * failed (`error`): not there or not the user's to see (no Retry: it would not help), offline,
 * or the server's trouble.
 */
export function ErrorState({ error, title, onRetry, retrying, onDismiss }: ErrorStateProps) {
  const { t } = useTranslation();
  const kind = failureKindOf(error);
  const outOfReach = kind === 'outOfReach';
  return (
    <Alert
      color={outOfReach ? 'gray' : 'red'}
      variant="light"
      icon={<IconAlertTriangle size={20} />}
      title={outOfReach ? t('common.outOfReach') : (title ?? t('common.loadFailed'))}
      role="alert"
      mb="md"
      withCloseButton={onDismiss !== undefined}
      onClose={onDismiss}
      closeButtonLabel={t('common.dismiss')}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t(`common.failureHints.${kind}`)}</Text>
        {onRetry && !outOfReach && (
          <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} loading={retrying} onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
