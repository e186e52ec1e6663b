import { useDebouncedValue } from '@mantine/hooks';
import { useRouterState } from '@tanstack/react-router';
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

/** The columns put away, in the URL (`ListSearch.hide`): for `ListTable`'s `table`. */
export const columnChoice = <S extends { hide?: string }>(
  search: S,
  onSearchChange: (change: SearchChange<S>, options?: { replace?: boolean }) => void,
) => ({
  hidden: search.hide?.split(',') ?? [],
  onHiddenChange: (names: string[]) => onSearchChange({ hide: names.length > 0 ? names.join(',') : undefined } as SearchChange<S>),
});

const sortOf = <T>(sort: string): DataTableSortStatus<T> =>
  ({ columnAccessor: sort.replace(/^-/, ''), direction: sort.startsWith('-') ? 'desc' : 'asc' }) as DataTableSortStatus<T>;

/**
 * A table paged, sorted and filtered by the server, its state in the URL. The filter text
 * is typed here and sent to the URL once typing pauses; Back or a link changes it here too.
 * Column accessors are the server's sort fields.
 */
export function useListSearch<T, S extends ListSearch = ListSearch>({ search, onSearchChange }: ListSearchProps<S>, defaultSort: string) {
  const [text, setText] = useState(search.q ?? '');
  const [debounced] = useDebouncedValue(text.trim(), FILTER_DEBOUNCE_MS);
  // The page this list is on: a pause in typing that ends after the user has been taken
  // elsewhere (a 401 sends them to sign-in) must not bring them back.
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [ownPathname] = useState(pathname);
  const latest = useRef({ search, onSearchChange, pathname });
  useEffect(() => {
    latest.current = { search, onSearchChange, pathname };
  });

  // Typing pauses: the URL follows (one history entry for the whole word).
  const [pushedQ, setPushedQ] = useState(search.q ?? '');
  useEffect(() => {
    const { search: current, onSearchChange: change, pathname: now } = latest.current;
    if (now !== ownPathname || debounced === (current.q ?? '')) return;
    setPushedQ(debounced);
    change({ q: debounced || undefined } as SearchChange<S>, { replace: true });
  }, [debounced, ownPathname]);
  // Back, or a link: the box follows the URL. Its own push coming back leaves what is being typed alone.
  const [shownQ, setShownQ] = useState(search.q ?? '');
  if ((search.q ?? '') !== shownQ) {
    setShownQ(search.q ?? '');
    if ((search.q ?? '') !== pushedQ) setText(search.q ?? '');
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
      onPageChange: (next: number, options?: { replace?: boolean }) => onSearchChange({ page: next } as SearchChange<S>, options),
      /** The page asked by place (`ListSearch.at`), if it was. */
      at: search.at,
      /** To a page by place, the first page for `undefined`: for a list too long to number its pages. */
      onPlaceChange: (at: string | undefined) => onSearchChange({ at, page: undefined } as SearchChange<S>),
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
      ...columnChoice(search, onSearchChange),
    },
  };
}
