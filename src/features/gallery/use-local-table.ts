import type { DataTableSortStatus } from 'mantine-datatable';
import { useMemo, useState } from 'react';

const PAGE_SIZES = [10, 20, 50];

interface LocalTableOptions<T> {
  /** The words the Filter box searches in a row. */
  textOf: (row: T) => string;
  initialSort: DataTableSortStatus<T>;
}

/**
 * What `useListSearch` gives a ListTable, over rows held in the page: filter, sort and pages
 * done here instead of by the server. `filtered` is every matching row in order, for an export.
 */
export function useLocalTable<T extends { id: number }>(rows: readonly T[], { textOf, initialSort }: LocalTableOptions<T>) {
  const [filter, setFilterText] = useState('');
  const [page, setPage] = useState(1);
  const [recordsPerPage, setRecordsPerPage] = useState(PAGE_SIZES[0]!);
  const [sortStatus, setSortStatus] = useState(initialSort);

  const filtered = useMemo(() => {
    const words = filter.trim().toLowerCase();
    const matching = words ? rows.filter((row) => textOf(row).toLowerCase().includes(words)) : [...rows];
    const key = sortStatus.columnAccessor as keyof T;
    const sign = sortStatus.direction === 'asc' ? 1 : -1;
    return matching.sort((a, b) => sign * (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : a.id - b.id));
  }, [rows, textOf, filter, sortStatus]);

  return {
    filter,
    // A new filter or sort starts again at the first page, as the server-paged lists do.
    setFilter: (value: string) => {
      setFilterText(value);
      setPage(1);
    },
    filtered,
    records: filtered.slice((page - 1) * recordsPerPage, page * recordsPerPage),
    table: {
      page,
      onPageChange: setPage,
      recordsPerPage,
      recordsPerPageOptions: PAGE_SIZES,
      onRecordsPerPageChange: (size: number) => {
        setRecordsPerPage(size);
        setPage(1);
      },
      sortStatus,
      onSortStatusChange: (status: DataTableSortStatus<T>) => {
        setSortStatus(status);
        setPage(1);
      },
    },
  };
}
