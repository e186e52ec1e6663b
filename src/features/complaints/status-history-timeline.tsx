import { Group, Stack, Text, Timeline, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPLAINT_STATUS_TEXT, type ComplaintStatusCode } from '@contract/complaint-status';
import type { StatusHistoryEntry } from '@contract';
import { formatDateTime } from '@/lib/date-format';
import { StatusBadge, statusColor } from './status-badge';

const badge = (status: ComplaintStatusCode) => <StatusBadge status={status} text={COMPLAINT_STATUS_TEXT[status]} />;

/** Every move of a complaint, oldest first: who, when, from → to, and what they wrote. */
export function StatusHistoryTimeline({ entries }: { entries: StatusHistoryEntry[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Stack gap="sm">
      <Title order={3} size="h5" id={headingId}>
        {t('complaints.statusHistory')}
      </Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('complaints.noStatusHistory')}
        </Text>
      ) : (
        <Timeline active={entries.length - 1} bulletSize={16} lineWidth={2} aria-labelledby={headingId} role="list">
          {entries.map((entry) => (
            <Timeline.Item
              key={entry.id}
              role="listitem"
              color={statusColor(entry.toStatus)}
              title={
                <Group gap={6} wrap="wrap">
                  {entry.fromStatus !== null && (
                    <>
                      {badge(entry.fromStatus)}
                      <IconArrowRight size={14} aria-hidden />
                      <VisuallyHidden>{t('complaints.movedTo')}</VisuallyHidden>
                    </>
                  )}
                  {badge(entry.toStatus)}
                </Group>
              }
            >
              <Text size="xs" c="dimmed" mt={4}>
                {t('complaints.changedByAt', { name: entry.changedBy.fullName, at: formatDateTime(entry.changedAt) })}
              </Text>
              {entry.text && (
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {/* A registration's text is the server's word for it; the others are what people wrote. */}
                  {entry.fromStatus === null ? t('complaints.registeredEntry', { defaultValue: entry.text }) : entry.text}
                </Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Stack>
  );
}
