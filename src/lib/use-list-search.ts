import { useDebouncedValue } from '@mantine/hooks';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useEffect, useRef, useState } from 'react';
import { DEFAULT_PAGE_SIZE, FILTER_DEBOUNCE_MS, PAGE_SIZES } from './list-params';
import { listParamsOf, type ListSearch, type SearchChange } from './list-search';

export interface ListSearchProps<S extends ListSearch> {
  /** The list's view, from the route's validated search params. */
  search: S;
  /**
   * Changes the view in the URL: a new history entry, so Back returns to the view before,
   * or with `replace` for each pause in typing.
   */
  onSearchChange: (change: SearchChange<S>, options?: { replace?: boolean }) => void;
}

const sortOf = <T,>(sort: string): DataTableSortStatus<T> =>
  ({ columnAccessor: sort.replace(/^-/, ''), direction: sort.startsWith('-') ? 'desc' : 'asc' }) as DataTableSortStatus<T>;

/**
 * A table paged, sorted and filtered by the server, its state in the URL. The filter text
 * is typed here and sent to the URL once typing pauses; Back or a link changes it here too.
 * Column accessors are the server's sort fields.
 */
export function useListSearch<T, S extends ListSearch = ListSearch>({ search, onSearchChange }: ListSearchProps<S>, defaultSort: string) {
  const [text, setText] = useState(search.q ?? '');
  const [debounced] = useDebouncedValue(text.trim(), FILTER_DEBOUNCE_MS);
  const latest = useRef({ search, onSearchChange });
  useEffect(() => {
    latest.current = { search, onSearchChange };
  });

  // Typing pauses: the URL follows (one history entry for the whole word).
  useEffect(() => {
    if (debounced !== (latest.current.search.q ?? '')) latest.current.onSearchChange({ q: debounced || undefined } as SearchChange<S>, { replace: true });
  }, [debounced]);
  // Back, or a link: the box follows the URL.
  const [shownQ, setShownQ] = useState(search.q);
  if (search.q !== shownQ) {
    setShownQ(search.q);
    if (text.trim() !== (search.q ?? '')) setText(search.q ?? '');
  }

  const params = listParamsOf(search, defaultSort);
  const { page, limit: size, sort } = params;
  const sortStatus = sortOf<T>(sort);

  return {
    params,
    filter: text,
    setFilter: setText,
    table: {
      page,
      onPageChange: (next: number) => onSearchChange({ page: next } as SearchChange<S>),
      recordsPerPage: size,
      recordsPerPageOptions: PAGE_SIZES,
      onRecordsPerPageChange: (next: number) => onSearchChange({ size: next === DEFAULT_PAGE_SIZE ? undefined : next } as SearchChange<S>),
      sortStatus,
      onSortStatusChange: (next: DataTableSortStatus<T>) => {
        // A newly chosen column starts ascending, as people expect.
        const field = String(next.columnAccessor);
        const direction = field !== sortStatus.columnAccessor ? 'asc' : next.direction;
        const value = direction === 'desc' ? `-${field}` : field;
        onSearchChange({ sort: value === defaultSort ? undefined : value } as SearchChange<S>);
      },
    },
  };
}
