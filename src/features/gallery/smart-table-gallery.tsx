import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable, TableFilter } from '@/components/list-table';
import { formatDateTime } from '@/lib/date-format';
import { saveCsv } from './csv-file';
import { GalleryPage, GallerySection } from './gallery-section';
import { sampleComplaints, type SampleComplaint } from './sample-complaints';
import type { StatusBadges } from './status-badges';
import { useLocalTable } from './use-local-table';

/**
 * `/smart-table`: the product's list (a table, cards on a phone) over sixty made-up complaints
 * held in the page: sort, filter, pages and a CSV of the rows the filter leaves.
 */
export function SmartTableGallery({ statusBadge }: { statusBadge: StatusBadges['complaint'] }) {
  const { t } = useTranslation();
  const rows = useMemo(() => sampleComplaints(), []);
  const statusName = useCallback((row: SampleComplaint) => t(`complaints.statusNames.${row.status}`), [t]);
  const textOf = useCallback(
    (row: SampleComplaint) => [row.refNo, formatDateTime(row.dateOfMisconduct), row.contractor, statusName(row)].join(' '),
    [statusName],
  );
  const list = useLocalTable(rows, { textOf, initialSort: { columnAccessor: 'dateOfMisconduct', direction: 'desc' } });

  const columns: DataTableColumn<SampleComplaint>[] = [
    { accessor: 'refNo', title: t('complaints.refNo'), sortable: true, noWrap: true },
    {
      accessor: 'dateOfMisconduct',
      title: t('complaints.dateOfMisconduct'),
      sortable: true,
      noWrap: true,
      render: (row) => formatDateTime(row.dateOfMisconduct),
    },
    { accessor: 'contractor', title: t('complaints.contractor'), sortable: true },
    { accessor: 'status', title: t('complaints.status'), sortable: true, render: (row) => statusBadge(row.status, statusName(row)) },
  ];

  // Times as the server's exports write them: sortable, and read as dates by spreadsheets.
  const exportRows = () =>
    saveCsv('sample-complaints.csv', [
      columns.map((column) => String(column.title)),
      ...list.filtered.map((row) => [row.refNo, row.dateOfMisconduct.replace('T', ' '), row.contractor, statusName(row)]),
    ]);

  return (
    <GalleryPage intro={t('gallery.smartTable.intro', { count: rows.length })}>
      <GallerySection title={t('gallery.smartTable.title')} description={t('gallery.smartTable.hint')}>
        <TableFilter value={list.filter} onChange={list.setFilter}>
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={exportRows}>
            {t('table.export')}
          </Button>
        </TableFilter>
        <ListTable<SampleComplaint>
          records={list.records}
          totalRecords={list.filtered.length}
          fetching={false}
          columns={columns}
          table={list.table}
        />
      </GallerySection>
    </GalleryPage>
  );
}
