import { Group, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LAST_PAGE_CURSOR } from '@contract/list-limits';

/** The neighbours of a page of a list paged by place, as the API answers them. */
export interface Places {
  next: string | null;
  previous: string | null;
}

/**
 * First, previous, next and last page of a list too long to count (issue 31): its total is an
 * estimate, so its pages have no numbers, and each step goes by the place the API gave.
 * `undefined` is the first page. Mantine's own pagination controls (the list's numbered pager
 * already brings them), on a three-page stand-in that only decides which are enabled.
 */
export function PlacePager({ places, onPlaceChange }: { places: Places; onPlaceChange: (at: string | undefined) => void }) {
  const { t } = useTranslation();
  const before = places.previous !== null;
  const after = places.next !== null;
  return (
    <Pagination.Root
      size="sm"
      total={before || after ? 3 : 1}
      value={!before ? 1 : !after ? 3 : 2}
      onChange={() => undefined}
      onFirstPage={() => onPlaceChange(undefined)}
      onPreviousPage={() => onPlaceChange(places.previous ?? undefined)}
      onNextPage={() => onPlaceChange(places.next ?? undefined)}
      onLastPage={() => onPlaceChange(LAST_PAGE_CURSOR)}
    >
      <Group gap={6} wrap="nowrap">
        <Pagination.First aria-label={t('table.firstPage')} />
        <Pagination.Previous aria-label={t('table.previousPage')} />
        <Pagination.Next aria-label={t('table.nextPage')} />
        <Pagination.Last aria-label={t('table.lastPage')} />
      </Group>
    </Pagination.Root>
  );
}
