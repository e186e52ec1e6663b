import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatRecent } from '@/lib/date-format';
import { useCopyAges } from './offline-copies';

/**
 * Says that what the screen shows is the copy kept from the last visit (no network), and how old
 * it is: `text` is the key of the sentence, with `{{at}}`.
 */
export function OfflineCopyAge({ name, text }: { name: string; text: 'outbox.optionsAge' | 'outbox.historyAge' }) {
  const { t } = useTranslation();
  const savedAt = useCopyAges((ages) => ages[name]);
  if (!savedAt) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconCloudOff size={18} />} title={t('outbox.offlineTitle')} data-testid="copy-age">
      {t(text, { at: formatRecent(savedAt) })}
    </Alert>
  );
}
