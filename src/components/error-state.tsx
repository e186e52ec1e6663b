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
 * failed (`error`): a second factor not answered (Retry asks for it again), not there or not the
 * user's to see (no Retry: it would not help), offline, or the server's trouble.
 */
export function ErrorState({ error, title, onRetry, retrying, onDismiss }: ErrorStateProps) {
  const { t } = useTranslation();
  const kind = failureKindOf(error);
  const outOfReach = kind === 'outOfReach';
  // Neither is a fault: the user may not open it, or has yet to answer the second factor.
  const color = outOfReach || kind === 'secondFactor' ? 'gray' : 'red';
  const heading =
    kind === 'secondFactor' ? t('common.secondFactorNeeded') : outOfReach ? t('common.outOfReach') : (title ?? t('common.loadFailed'));
  return (
    <Alert
      color={color}
      variant="light"
      icon={<IconAlertTriangle size={20} />}
      title={heading}
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
