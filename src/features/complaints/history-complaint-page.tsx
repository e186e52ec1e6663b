import { ActionIcon, Paper, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Complaint } from '@contract';
import { ClippedText } from '@/components/clipped-text';
import { DateTimeText } from '@/components/date-time-text';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { ListTable } from '@/components/list-table';
import type { ComplaintListSearch } from '@/lib/list-search';
import { useListSearch, type ListSearchProps } from '@/lib/use-list-search';
import { complaintQueries, historyCopyOf } from './api';
import { OfflineCopyAge } from './offline-copy-age';
import type { DetailPhase } from './complaint-detail';
import { ComplaintListToolbar } from './complaint-list-toolbar';
import { COMPLAINT_LIST_SORT, complaintListParams } from './list-search';
import { statusColumn } from './status-badge';
import { ComplaintDetail } from './complaint-detail-lazy';

interface HistoryComplaintPageProps extends ListSearchProps<ComplaintListSearch> {
  /** The complaint whose detail is open, from the URL. */
  detailId?: number;
  onDetailChange: (id: number | undefined) => void;
}

/** History Complaint: every complaint the caller may see, paged, sorted and filtered by the server. */
export function HistoryComplaintPage({ detailId, onDetailChange, search, onSearchChange }: HistoryComplaintPageProps) {
  const { t } = useTranslation();
  const list = useListSearch<Complaint, ComplaintListSearch>({ search, onSearchChange }, COMPLAINT_LIST_SORT);
  const params = complaintListParams(search, true);
  const history = useQuery(complaintQueries.list(params));
  // The action flag (SPEC §8): set while the detail loads, until its modal opens; reset when it fails.
  const [detailPhase, setDetailPhase] = useState<{ id: number; phase: DetailPhase } | null>(null);
  const detailLoading = detailId !== undefined && detailPhase?.id === detailId && detailPhase.phase === 'loading';

  return (
    <>
      <PageHeader />
      {detailId !== undefined && (
        <Suspense fallback={null}>
          <ComplaintDetail
            key={detailId}
            id={detailId}
            onClose={() => {
              onDetailChange(undefined);
              // Back to the row it was opened from (its action button), not the page's start.
              requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-detail-of="${detailId}"]`)?.focus());
            }}
            withDecisionLink
            onPhaseChange={(phase) => setDetailPhase({ id: detailId, phase })}
          />
        </Suspense>
      )}
      <OfflineCopyAge name={historyCopyOf(params) ?? ''} text="outbox.historyAge" />
      {history.isError && (
        <ErrorState
          error={history.error}
          title={t('complaints.historyLoadFailed')}
          onRetry={() => void history.refetch()}
          retrying={history.isFetching}
        />
      )}
      <Paper withBorder radius="md" p="md">
        <ComplaintListToolbar
          history
          search={search}
          onSearchChange={onSearchChange}
          filter={list.filter}
          onFilterChange={list.setFilter}
          params={params}
        />
        <ListTable<Complaint>
          records={history.data?.items ?? []}
          totalRecords={history.data?.pagination.totalRow ?? 0}
          places={history.data?.pagination}
          fetching={history.isFetching}
          failed={history.isError}
          table={list.table}
          columns={[
            { accessor: 'refNo', title: t('complaints.refNo'), sortable: true, noWrap: true },
            {
              accessor: 'dateOfMisconduct',
              title: t('complaints.dateOfMisconduct'),
              sortable: true,
              render: (c) => <DateTimeText iso={c.dateOfMisconduct} />,
            },
            {
              accessor: 'description',
              title: t('complaints.description'),
              sortable: true,
              render: (c) => <ClippedText text={c.description} maw={150} />,
            },
            // Two lines at most, however narrow the screen leaves them; the rest on hover and in the detail.
            {
              accessor: 'offender',
              title: t('complaints.offender'),
              sortable: true,
              render: (c) => <ClippedText text={c.offender} lines={2} />,
            },
            {
              accessor: 'location',
              title: t('complaints.location'),
              sortable: true,
              render: (c) => <ClippedText text={c.location} lines={2} />,
            },
            { accessor: 'qty', title: t('complaints.quantity'), sortable: true, textAlign: 'right' },
            statusColumn(t('complaints.status')),
            {
              accessor: 'action',
              title: t('complaints.action'),
              textAlign: 'center',
              render: (c) => (
                <Tooltip label={t('complaints.viewDetail')}>
                  <ActionIcon
                    variant="light"
                    aria-label={t('complaints.viewDetailOf', { refNo: c.refNo })}
                    loading={detailLoading && detailId === c.id}
                    onClick={() => onDetailChange(c.id)}
                    data-detail-of={c.id}
                  >
                    <IconEye size={18} />
                  </ActionIcon>
                </Tooltip>
              ),
            },
          ]}
        />
      </Paper>
    </>
  );
}
