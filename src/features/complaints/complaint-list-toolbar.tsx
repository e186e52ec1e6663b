import { Box } from '@mantine/core';

import { apiPaths } from '@contract/paths';
import { ExportButton } from '@/components/export-button';
import { TableFilter } from '@/components/list-table';
import type { ComplaintListSearch, SearchChange } from '@/lib/list-search';
import type { ComplaintListParams } from './api';
import { listStatuses } from './list-url';
import { lazyRetrying } from '@/lib/lazy-retrying';
import { LazyPart } from '@/components/part-load-boundary';

const ComplaintFilterBar = lazyRetrying(() => import('./complaint-filter-bar'));

interface ComplaintListToolbarProps {
  history: boolean;
  search: ComplaintListSearch;
  onSearchChange: (change: SearchChange<ComplaintListSearch>) => void;
  /** The list's typed filter text, sent once typing pauses. */
  filter: string;
  onFilterChange: (text: string) => void;
  /** What the list asks for; the export takes the same but the page. */
  params: ComplaintListParams;
}

/** Above a complaint list: the text filter, the export of every matching row, and the filters. */
export function ComplaintListToolbar({ history, search, onSearchChange, filter, onFilterChange, params }: ComplaintListToolbarProps) {
  const { page: _page, limit: _limit, ...everyRow } = params;
  return (
    <>
      <TableFilter value={filter} onChange={onFilterChange}>
        <ExportButton
          path={apiPaths.complaintsCsv}
          searchParams={everyRow}
          fileName={history ? 'complaint-history.csv' : 'open-complaints.csv'}
        />
      </TableFilter>
      <LazyPart fallback={<Box h={60} mb="md" />}>
        <ComplaintFilterBar search={search} statuses={listStatuses(history)} onChange={onSearchChange} />
      </LazyPart>
    </>
  );
}
