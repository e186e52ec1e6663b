import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CLAIM_STATUSES, type ClaimStatus } from '@contract/claim-record-fields';
import { COMPLAINT_STATUS_TEXT, type ComplaintStatusCode } from '@contract/complaint-status';

/** The status badges of the complaint and claim screens, handed in by the route that composes the features. */
export interface StatusBadges {
  /** A complaint status by its code and the server's English text. */
  complaint: (status: ComplaintStatusCode, text: string) => ReactNode;
  claim: (status: ClaimStatus) => ReactNode;
}

export const COMPLAINT_STATUS_CODES = Object.keys(COMPLAINT_STATUS_TEXT).map(Number) as ComplaintStatusCode[];

/** Every complaint status, then every claim status, as their lists show them. */
export function StatusBadgeRows({ badges }: { badges: StatusBadges }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={600} mb={6}>
          {t('gallery.theme.complaintStatuses')}
        </Text>
        <Group gap="xs">
          {COMPLAINT_STATUS_CODES.map((status) => (
            <span key={status}>{badges.complaint(status, COMPLAINT_STATUS_TEXT[status])}</span>
          ))}
        </Group>
      </div>
      <div>
        <Text size="sm" fw={600} mb={6}>
          {t('gallery.theme.claimStatuses')}
        </Text>
        <Group gap="xs">
          {CLAIM_STATUSES.map((status) => (
            <span key={status}>{badges.claim(status)}</span>
          ))}
        </Group>
      </div>
    </Stack>
  );
}
