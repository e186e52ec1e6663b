import { Button, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BULK_MAX, type RowSelection } from './row-selection';

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
export default function SelectionBar<T>({ selection, total, selectable, offerAllMatching = true, children }: SelectionBarProps<T>) {
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
