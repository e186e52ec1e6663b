import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';

/** A column a person may put away: a titled column that is not the row's actions. */
export const isToggleable = <T,>(column: DataTableColumn<T>, actions: readonly string[]) =>
  typeof column.title === 'string' && column.title !== '' && !actions.includes(String(column.accessor));

/** The columns with those put away marked `hidden`; the last one shown is never put away. */
export function withHidden<T>(columns: DataTableColumn<T>[], hidden: readonly string[], actions: readonly string[]) {
  return columns.map((column) =>
    isToggleable(column, actions) && hidden.includes(String(column.accessor)) ? { ...column, hidden: true } : column,
  );
}

interface ColumnChoiceProps<T> {
  columns: DataTableColumn<T>[];
  hidden: readonly string[];
  /** The names put away, in the table's order. */
  onHiddenChange: (hidden: string[]) => void;
  actions: readonly string[];
}

/**
 * "Columns": which of a list's columns it shows, ticked in a popover (Tab between the boxes,
 * Escape closes and returns to the button). The choice is the URL's, so a saved view keeps it.
 */
export function ColumnChoice<T>({ columns, hidden, onHiddenChange, actions }: ColumnChoiceProps<T>) {
  const { t } = useTranslation();
  const toggleable = columns.filter((column) => isToggleable(column, actions));
  const names = toggleable.map((column) => String(column.accessor));
  const shown = names.filter((name) => !hidden.includes(name));
  const hiddenCount = names.length - shown.length;
  if (toggleable.length < 2) return null;

  return (
    <Popover position="bottom-end" shadow="md" trapFocus returnFocus withinPortal>
      <Popover.Target>
        <Button
          size="compact-sm"
          variant={hiddenCount > 0 ? 'light' : 'subtle'}
          color="gray"
          leftSection={<IconColumns3 size={16} aria-hidden />}
        >
          {hiddenCount > 0 ? `${t('table.columns')} (${t('table.columnsHidden', { count: hiddenCount })})` : t('table.columns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Checkbox.Group
          label={t('table.columnsShown')}
          value={shown}
          onChange={(next) => {
            // At least one column stays: its box cannot be cleared.
            if (next.length === 0) return;
            onHiddenChange(names.filter((name) => !next.includes(name)));
          }}
        >
          <Stack gap="xs" mt="xs">
            {toggleable.map((column) => {
              const name = String(column.accessor);
              const last = shown.length === 1 && shown[0] === name;
              return <Checkbox key={name} value={name} label={column.title} disabled={last} />;
            })}
          </Stack>
        </Checkbox.Group>
        {hiddenCount > 0 && (
          <Button mt="sm" size="compact-sm" variant="subtle" onClick={() => onHiddenChange([])}>
            {t('table.showAllColumns')}
          </Button>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
