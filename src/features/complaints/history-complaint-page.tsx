import { ActionIcon, Group, Paper, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEye, IconSearch } from '@tabler/icons-react';
import { useIsFetching, useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Complaint } from '@contract';
import { ClippedText } from '@/components/clipped-text';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { formatDateTime } from '@/lib/date-format';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@/lib/list-params';
import { complaintQueries } from './api';
import { ComplaintDetail } from './complaint-detail';
import { filterComplaints, sortComplaints } from './history-filter';
import { statusColumn } from './status-badge';
import 'mantine-datatable/styles.css';

interface HistoryComplaintPageProps {
  /** The complaint whose detail is open, from the URL. */
  detailId?: number;
  onDetailChange: (id: number | undefined) => void;
}

export function HistoryComplaintPage({ detailId, onDetailChange }: HistoryComplaintPageProps) {
  const { t } = useTranslation();
  const history = useQuery(complaintQueries.history());
  // The action flag: set while the open detail loads, reset when it arrives or fails.
  const detailLoading =
    useIsFetching({ queryKey: complaintQueries.detail(detailId ?? -1).queryKey }) > 0;
  const [filter, setFilter] = useState('');
  const [debouncedFilter] = useDebouncedValue(filter, 150);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<Complaint>>({
    columnAccessor: 'dateOfMisconduct',
    direction: 'desc',
  });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);

  const rows = useMemo(
    () => sortComplaints(filterComplaints(history.data ?? [], debouncedFilter), sortStatus),
    [history.data, debouncedFilter, sortStatus],
  );
  const lastPage = Math.max(1, Math.ceil(rows.length / pageSize));
  const currentPage = Math.min(page, lastPage);
  const pageRows = rows.slice((currentPage - 1) * pageSize, currentPage * pageSize);

  return (
    <>
      <PageHeader />
      {detailId !== undefined && (
        <ComplaintDetail id={detailId} onClose={() => onDetailChange(undefined)} withDecisionLink />
      )}
      {history.isError && (
        <ErrorState
          title={t('complaints.historyLoadFailed')}
          onRetry={() => void history.refetch()}
          retrying={history.isFetching}
        />
      )}
      <Paper withBorder radius="md" p="md">
        <Group mb="md" gap="xs" wrap="nowrap">
          <Text component="label" htmlFor="history-filter" size="sm" fw={600}>
            {t('table.filter')}
          </Text>
          <TextInput
            id="history-filter"
            value={filter}
            onChange={(e) => {
              setFilter(e.currentTarget.value);
              setPage(1);
            }}
            placeholder={t('table.filterPlaceholder')}
            leftSection={<IconSearch size={16} />}
            w={320}
            maw="100%"
          />
        </Group>
        <DataTable<Complaint>
          withTableBorder
          borderRadius="sm"
          striped
          highlightOnHover
          minHeight={pageRows.length ? undefined : 220}
          fetching={history.isPending}
          records={pageRows}
          idAccessor="id"
          noRecordsText={t('table.noItems')}
          totalRecords={rows.length}
          recordsPerPage={pageSize}
          page={currentPage}
          onPageChange={setPage}
          recordsPerPageOptions={PAGE_SIZES}
          onRecordsPerPageChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          recordsPerPageLabel={t('table.rowsPerPage')}
          paginationText={({ from, to, totalRecords }) => t('table.range', { from, to, total: totalRecords })}
          getPaginationControlProps={(control) => ({ 'aria-label': t(`table.${control}Page`) })}
          sortStatus={sortStatus}
          onSortStatusChange={(status) => {
            // A newly chosen column starts ascending, as people expect.
            const isNewColumn = status.columnAccessor !== sortStatus.columnAccessor;
            setSortStatus(isNewColumn ? { ...status, direction: 'asc' } : status);
            setPage(1);
          }}
          columns={[
            { accessor: 'refNo', title: t('complaints.refNo'), sortable: true, noWrap: true },
            {
              accessor: 'dateOfMisconduct',
              title: t('complaints.dateOfMisconduct'),
              sortable: true,
              noWrap: true,
              render: (c) => formatDateTime(c.dateOfMisconduct),
            },
            {
              accessor: 'description',
              title: t('complaints.description'),
              sortable: true,
              render: (c) => <ClippedText text={c.description} maw={150} />,
            },
            // Two lines at most, however narrow the screen leaves them; the rest on hover and focus.
            { accessor: 'offender', title: t('complaints.offender'), sortable: true, render: (c) => <ClippedText text={c.offender} lines={2} /> },
            { accessor: 'location', title: t('complaints.location'), sortable: true, render: (c) => <ClippedText text={c.location} lines={2} /> },
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
