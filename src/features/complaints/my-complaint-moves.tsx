import { Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { AnchorLink } from '@/components/router-links';
import { formatDateTime } from '@/lib/date-format';
import { complaintQueries } from './api';
import { StatusBadge } from './status-badge';

/** The side panel's timeline: the user's own latest complaint moves, each linked to its detail. */
export function MyComplaintMoves() {
  const { t } = useTranslation();
  const moves = useQuery(complaintQueries.myMoves());

  if (moves.isPending)
    return (
      <Stack gap="sm">
        {[1, 2, 3].map((n) => (
          <Skeleton key={n} h={48} />
        ))}
      </Stack>
    );
  if (moves.isError)
    return (
      <ErrorState error={moves.error} title={t('aside.movesLoadFailed')} onRetry={() => void moves.refetch()} retrying={moves.isFetching} />
    );
  if (moves.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('aside.noMoves')}
      </Text>
    );

  return (
    <Timeline bulletSize={14} lineWidth={2} aria-label={t('aside.timeline')}>
      {moves.data.map((move) => (
        <Timeline.Item
          key={move.id}
          title={
            <AnchorLink to="/manage-complaint/history-complaint" search={{ detail: move.complaintId }} size="sm" fw={600}>
              {move.refNo}
            </AnchorLink>
          }
        >
          {move.fromStatus === null ? (
            <Text size="sm">{t('complaints.registeredEntry')}</Text>
          ) : (
            <StatusBadge status={move.toStatus} text={t(`complaints.statusNames.${move.toStatus}`)} />
          )}
          <Text size="xs" c="dimmed" mt={4}>
            {formatDateTime(move.changedAt)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
