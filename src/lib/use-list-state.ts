import { useDebouncedValue } from '@mantine/hooks';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { DEFAULT_PAGE_SIZE, FILTER_DEBOUNCE_MS, listParams, PAGE_SIZES } from './list-params';

/**
 * The state of a table paged, sorted and filtered by the server: the typed filter, the
 * debounced one sent, and the page, which goes back to 1 whenever the rows change meaning.
 * Column accessors are the server's sort fields.
 */
export function useListState<T>(initialSort: DataTableSortStatus<T>) {
  const [filter, setFilterText] = useState('');
  const [q] = useDebouncedValue(filter.trim(), FILTER_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [sortStatus, setSortStatus] = useState(initialSort);

  return {
    params: listParams(sortStatus, page, pageSize, q),
    filter,
    setFilter: (value: string) => {
      setFilterText(value);
      setPage(1);
    },
    table: {
      page,
      onPageChange: setPage,
      recordsPerPage: pageSize,
      recordsPerPageOptions: PAGE_SIZES,
      onRecordsPerPageChange: (size: number) => {
        setPageSize(size);
        setPage(1);
      },
      sortStatus,
      onSortStatusChange: (next: DataTableSortStatus<T>) => {
        // A newly chosen column starts ascending, as people expect.
        const isNewColumn = next.columnAccessor !== sortStatus.columnAccessor;
        setSortStatus(isNewColumn ? { ...next, direction: 'asc' } : next);
        setPage(1);
      },
    },
  };
}
