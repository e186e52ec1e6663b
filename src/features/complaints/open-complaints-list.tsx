import { ActionIcon, Group, Paper, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPaths } from '@contract/paths';
import type { Complaint } from '@contract';
import { ClippedText } from '@/components/clipped-text';
import { DateTimeText } from '@/components/date-time-text';
import { ErrorState } from '@/components/error-state';
import { ExportButton } from '@/components/export-button';
import { ListTable } from '@/components/list-table';
import { hasSelection, useRowSelection, type RowSelection } from '@/components/row-selection';
import type { ComplaintListSearch } from '@/lib/list-search';
import { useListSearch, type ListSearchProps } from '@/lib/use-list-search';
import { complaintQueries, type ComplaintListParams } from './api';
import { ComplaintListToolbar } from './complaint-list-toolbar';
import { COMPLAINT_LIST_SORT, complaintListParams } from './list-search';
import { JustifyBy } from './justify-by';
import { statusColumn } from './status-badge';
import { ComplaintDetail } from './complaint-detail-lazy';
import type SelectionBarComponent from '@/components/selection-bar';
import { lazyRetrying } from '@/lib/lazy-retrying';
import { LazyPart } from '@/components/part-load-boundary';

// Shown once a row is ticked: its code comes then.
const SelectionBar = lazyRetrying(() => import('@/components/selection-bar')) as unknown as typeof SelectionBarComponent;

export interface OpenComplaintsListProps extends ListSearchProps<ComplaintListSearch> {
  /** The screen's own row buttons, after View detail. */
  rowActions?: (complaint: Complaint) => ReactNode;
  /** Complaints that can be ticked, and what the selection bar offers for them. */
  bulk?: {
    isSelectable: (complaint: Complaint) => boolean;
    actions: (chosen: { selection: RowSelection<Complaint>; total: number; params: ComplaintListParams }) => ReactNode;
  };
}

/** The open complaints (1, 2) the caller may see: filtered, sorted and paged by the server, the view in the URL. */
export function OpenComplaintsList({ rowActions, bulk, search, onSearchChange }: OpenComplaintsListProps) {
  const { t } = useTranslation();
  const list = useListSearch<Complaint, ComplaintListSearch>({ search, onSearchChange }, COMPLAINT_LIST_SORT);
  const params = complaintListParams(search, false);
  const query = useQuery(complaintQueries.list(params));
  const [detailId, setDetailId] = useState<number | null>(null);
  // Another page, filter or order lets the selection go: what is acted on is what is shown.
  const selection = useRowSelection<Complaint>(JSON.stringify(params));
  const records = query.data?.items ?? [];
  const total = query.data?.pagination.totalRow ?? 0;
  // Anyone ticks rows to export them; a screen's own actions may take fewer.
  const isSelectable = bulk?.isSelectable ?? (() => true);
  const { page: _page, limit: _limit, cursor: _cursor, ...everyRow } = params;

  return (
    <>
      {query.isError && (
        <ErrorState
          error={query.error}
          title={t('complaints.listLoadFailed')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}
      <Paper withBorder radius="md" p="md">
        <ComplaintListToolbar
          history={false}
          search={search}
          onSearchChange={onSearchChange}
          filter={list.filter}
          onFilterChange={list.setFilter}
          params={params}
        />
        {hasSelection(selection) && (
          <LazyPart>
            <SelectionBar selection={selection} total={total} selectable={records.filter(isSelectable).length}>
              <ExportButton
                size="compact-sm"
                path={apiPaths.complaintsCsv}
                // Every matching row, or the ticked ones alone.
                searchParams={{ ...everyRow, ids: selection.allMatching ? undefined : selection.selected.map((c) => c.id).join(',') }}
                fileName="open-complaints.csv"
                label={t('bulk.exportSelected')}
              />
              {bulk?.actions({ selection, total, params })}
            </SelectionBar>
          </LazyPart>
        )}
        <ListTable<Complaint>
          records={records}
          totalRecords={total}
          selection={{ selection, isSelectable, labelOf: (c) => c.refNo }}
          places={query.data?.pagination}
          fetching={query.isFetching}
          failed={query.isError}
          table={list.table}
          columns={[
            { accessor: 'refNo', title: t('complaints.refNo'), sortable: true, noWrap: true },
            // Names wrap, three lines at most; the rest on hover.
            {
              accessor: 'typeOfOffence.name',
              title: t('complaints.typeOfOffence'),
              render: (c) => <ClippedText text={c.typeOfOffence.name} lines={3} />,
            },
            {
              accessor: 'organization.name',
              title: t('complaints.contractor'),
              render: (c) => <ClippedText text={c.organization.name} lines={3} />,
            },
            {
              accessor: 'dateOfMisconduct',
              title: t('complaints.dateOfMisconduct'),
              sortable: true,
              render: (c) => <DateTimeText iso={c.dateOfMisconduct} />,
            },
            // Two lines at most; the rest on hover and in the detail.
            {
              accessor: 'location',
              title: t('complaints.location'),
              sortable: true,
              render: (c) => <ClippedText text={c.location} lines={2} />,
            },
            { accessor: 'justifyBy', title: t('complaints.justifyBy'), render: (c) => <JustifyBy complaint={c} /> },
            statusColumn(t('complaints.status')),
            {
              accessor: 'action',
              title: t('complaints.action'),
              textAlign: 'center',
              render: (c) => (
                <Group gap={6} justify="center" wrap="nowrap">
                  <Tooltip label={t('complaints.viewDetail')}>
                    <ActionIcon
                      variant="light"
                      aria-label={t('complaints.viewDetailOf', { refNo: c.refNo })}
                      onClick={() => setDetailId(c.id)}
                    >
                      <IconEye size={18} />
                    </ActionIcon>
                  </Tooltip>
                  {rowActions?.(c)}
                </Group>
              ),
            },
          ]}
        />
      </Paper>
      {detailId !== null && (
        <Suspense fallback={null}>
          <ComplaintDetail id={detailId} title={t('complaints.viewTitle')} onClose={() => setDetailId(null)} />
        </Suspense>
      )}
    </>
  );
}
