import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatRecent } from '@/lib/date-format';
export type CopyAgeText = 'outbox.optionsAge' | 'outbox.historyAge';

/** "No network": what the screen shows is the copy kept from the last visit, this old (`text`, with `{{at}}`). */
export default function OfflineCopyAlert({ savedAt, text }: { savedAt: string; text: CopyAgeText }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" variant="light" icon={<IconCloudOff size={18} />} title={t('outbox.offlineTitle')} data-testid="copy-age">
      {t(text, { at: formatRecent(savedAt) })}
    </Alert>
  );
}
