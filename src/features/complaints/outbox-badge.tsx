import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { unsent, useOutbox } from './outbox';
import { useOutboxSending } from './use-outbox-sending';

export const OUTBOX_URL = '/outbox';

/**
 * The header's "Waiting to send": how many complaints this user's queue holds on this device
 * (none: nothing shown), linked to the list. It also keeps the queue sending (useOutboxSending).
 */
export default function OutboxBadge() {
  const { t } = useTranslation();
  useOutboxSending();
  const items = useOutbox((s) => s.items);
  const sending = useOutbox((s) => s.sendingId !== null);
  const waiting = unsent(items);
  const refused = waiting.filter((item) => item.state === 'refused').length;
  if (waiting.length === 0) return null;
  const label = t('outbox.badge', { count: waiting.length });
  return (
    <Tooltip label={label}>
      <Indicator label={waiting.length} size={18} color={refused > 0 ? 'red.9' : 'indigo.7'} offset={4} processing={sending}>
        <ActionIcon component={Link} to={OUTBOX_URL} variant="subtle" color="gray" size="lg" aria-label={label} data-testid="outbox-badge">
          <IconCloudUpload size={22} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
