import { ActionIcon, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
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
 * `undefined` is the first page.
 */
export function PlacePager({ places, onPlaceChange }: { places: Places; onPlaceChange: (at: string | undefined) => void }) {
  const { t } = useTranslation();
  const controls = [
    { key: 'first', Icon: IconChevronsLeft, at: undefined, enabled: places.previous !== null },
    { key: 'previous', Icon: IconChevronLeft, at: places.previous ?? undefined, enabled: places.previous !== null },
    { key: 'next', Icon: IconChevronRight, at: places.next ?? undefined, enabled: places.next !== null },
    { key: 'last', Icon: IconChevronsRight, at: LAST_PAGE_CURSOR, enabled: places.next !== null },
  ] as const;
  return (
    <Group gap={6} wrap="nowrap">
      {controls.map(({ key, Icon, at, enabled }) => (
        <ActionIcon
          key={key}
          variant="default"
          size="md"
          disabled={!enabled}
          aria-label={t(`table.${key}Page`)}
          onClick={() => onPlaceChange(at)}
        >
          <Icon size={16} />
        </ActionIcon>
      ))}
    </Group>
  );
}
