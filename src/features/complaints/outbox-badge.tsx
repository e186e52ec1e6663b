import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyPart } from '@/components/part-load-boundary';
import { lazyRetrying } from '@/lib/lazy-retrying';
import { countUnsentWith } from '@/lib/unsent-work';
import { useRootStore } from '@/stores/root-store';
import { readQueueCount, useQueueCount } from './outbox-count';

export const OUTBOX_URL = '/outbox';

// The queue's code (IndexedDB, the sender) comes only when something waits in it; should it not
// come (no network, no installed app), the badge stays and it comes with the network.
const OutboxSending = lazyRetrying(() => import('./use-outbox-sending'));

/**
 * The header's "Waiting to send": how many complaints this user's queue holds on this device
 * (none: nothing shown), linked to the list; while any wait, the queue keeps sending
 * (use-outbox-sending.ts). Signing out with any waiting asks first (unsent-work.ts).
 */
export default function OutboxBadge() {
  const { t } = useTranslation();
  const owner = useRootStore((s) => s.auth.user?.id ?? null);
  const { unsent, refused } = useQueueCount(owner);
  useEffect(() => countUnsentWith(() => readQueueCount(owner).unsent), [owner]);
  if (unsent === 0) return null;
  const label = t('outbox.badge', { count: unsent });
  return (
    <>
      <LazyPart>
        <OutboxSending />
      </LazyPart>
      <Tooltip label={label}>
        <Indicator label={unsent} size={18} color={refused > 0 ? 'red.9' : 'indigo.7'} offset={4}>
          <ActionIcon
            component={Link}
            to={OUTBOX_URL}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label}
            data-testid="outbox-badge"
          >
            <IconCloudUpload size={22} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
    </>
  );
}
