import { Button, Group, Paper, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_LIMIT_MAX } from '@contract/list-limits';

/** At most this many rows are acted on at once: "all N matching" is offered up to it (one call fetches them). */
export const BULK_MAX = LIST_LIMIT_MAX;

/** The rows ticked on a list, or every row matching its filters. */
export interface RowSelection<T> {
  selected: T[];
  /** Every row matching the list's filters, on every page (the ticked ones are this page's). */
  allMatching: boolean;
  setSelected: (rows: T[]) => void;
  selectAllMatching: () => void;
  clear: () => void;
}

/**
 * The selection of a list, let go whenever `viewKey` changes (another filter, sort or page):
 * what is acted on is always what the list shows.
 */
export function useRowSelection<T>(viewKey: string): RowSelection<T> {
  const [state, setState] = useState({ viewKey, selected: [] as T[], allMatching: false });
  // Adjusted while rendering, so a new view never shows the old one's selection for a frame.
  if (state.viewKey !== viewKey) setState({ viewKey, selected: [], allMatching: false });
  const current = state.viewKey === viewKey ? state : { viewKey, selected: [] as T[], allMatching: false };
  return {
    selected: current.selected,
    allMatching: current.allMatching,
    setSelected: (rows) => setState({ viewKey, selected: rows, allMatching: false }),
    selectAllMatching: () => setState((s) => ({ ...s, allMatching: true })),
    clear: () => setState({ viewKey, selected: [], allMatching: false }),
  };
}

/** A list's selection as its table or cards show it. */
export interface TableSelection<T> {
  selection: RowSelection<T>;
  /** Which rows can be ticked (those the action applies to); all when absent. */
  isSelectable?: (record: T) => boolean;
  /** The row's name, for its checkbox's label ("Select CMP-2026-000123"). */
  labelOf: (record: T) => string;
}

interface SelectionBarProps<T> {
  selection: RowSelection<T>;
  /** Rows matching the list's filters, on every page. */
  total: number;
  /** Rows of this page that can be ticked. */
  selectable: number;
  /** Whether the list can act on every matching row, past this page (it fetches them). */
  offerAllMatching?: boolean;
  /** What can be done to the selection. */
  children: ReactNode;
}

/**
 * Above a list while rows are ticked: how many, the way to take every matching row (once the
 * whole page is ticked), the way to let go, and what can be done to them.
 */
export function SelectionBar<T>({ selection, total, selectable, offerAllMatching = true, children }: SelectionBarProps<T>) {
  const { t } = useTranslation();
  const count = selection.allMatching ? total : selection.selected.length;
  if (count === 0) return null;
  const wholePage =
    offerAllMatching && !selection.allMatching && selectable > 0 && selection.selected.length === selectable && total > selectable;
  return (
    <Paper withBorder radius="sm" p="xs" mb="sm" bg="var(--mantine-primary-color-light)">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600} aria-live="polite">
            {selection.allMatching ? t('bulk.allSelected', { count: total }) : t('bulk.selected', { count })}
          </Text>
          {wholePage &&
            (total <= BULK_MAX ? (
              <Button variant="subtle" size="compact-sm" onClick={selection.selectAllMatching}>
                {t('bulk.selectAllMatching', { count: total })}
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                {t('bulk.tooManyToSelect', { max: BULK_MAX })}
              </Text>
            ))}
          <Button variant="subtle" size="compact-sm" onClick={selection.clear}>
            {t('bulk.clear')}
          </Button>
        </Group>
        <Group gap="xs">{children}</Group>
      </Group>
    </Paper>
  );
}
