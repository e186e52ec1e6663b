import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Complaint } from '@contract';
import { awaitsJustification, isOverdue } from '@domain/complaint-states';
import { DateTimeText } from '@/components/date-time-text';
import { useNow } from '@/lib/use-now';

/** The red mark of a submitted complaint whose time to justify has passed. */
export function OverdueBadge() {
  const { t } = useTranslation();
  return (
    <Badge color="red.9" variant="filled" size="sm" style={{ flexShrink: 0, overflow: 'visible' }}>
      {t('complaints.overdue')}
    </Badge>
  );
}

/**
 * When the contractor's time to justify ends, while that matters (a submitted complaint), with
 * the overdue mark once it has passed; a dash otherwise.
 */
export function JustifyBy({ complaint }: { complaint: Pick<Complaint, 'status' | 'justifyBy'> }) {
  const now = useNow();
  if (!awaitsJustification(complaint) || complaint.justifyBy === null)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm">
        <DateTimeText iso={complaint.justifyBy} />
      </Text>
      {isOverdue(complaint, now) && <OverdueBadge />}
    </Stack>
  );
}
