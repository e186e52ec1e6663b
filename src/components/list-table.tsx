import { Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { DataTable, type DataTableColumn, type DataTableProps, type DataTableSortStatus } from 'mantine-datatable';
import { useEffect, useId, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import 'mantine-datatable/styles.layer.css';
import { LIST_Q_MAX } from '@contract/list-limits';
import { ColumnChoice, withHidden } from './column-choice';
import classes from './list-table.module.css';
import { LimitedTextInput } from './limited-text';
import { ListCards } from './list-cards';
import { PlacePager, type Places } from './place-pager';
import type { TableSelection } from './row-selection';

/** Below this width a list shows its rows as cards (issue 13: a contractor justifies from the field). */
export const CARDS_QUERY = '(max-width: 37.5em)';

/** The "Filter:" box above a table (SPEC §2 wording), with the list's own actions (export) at the right. */
export function TableFilter({ value, onChange, children }: { value: string; onChange: (value: string) => void; children?: ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Group mb="md" gap="sm" justify="space-between" align="center">
      <Group gap="xs" wrap="nowrap" maw="100%">
        {/* Its word whole: the box shrinks beside it on a phone. */}
        <Text component="label" htmlFor={id} size="sm" fw={600} style={{ flexShrink: 0 }}>
          {t('table.filter')}
        </Text>
        <LimitedTextInput
          id={id}
          // A longer search is no search (list-search.ts): the box stops there, and says so.
          maxLength={LIST_Q_MAX}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          placeholder={t('table.filterPlaceholder')}
          // The `/` shortcut's target (components/shell/keyboard-shortcuts.tsx).
          data-list-search
          leftSection={<IconSearch size={16} />}
          w={320}
          maw="100%"
        />
      </Group>
      {children}
    </Group>
  );
}

interface ListTableProps<T> {
  records: T[];
  totalRecords: number;
  /**
   * A list paged by place (complaints): its neighbours' places, and whether its total is an
   * estimate. Estimated, its pages go first, previous, next and last by place, unnumbered.
   */
  places?: Places & { totalEstimated: boolean };
  fetching: boolean;
  /** The rows failed to load (the page says so above): no "No items found" under it. */
  failed?: boolean;
  columns: DataTableColumn<T>[];
  /** What a row shows when opened (a click on the row opens and closes it). */
  rowExpansion?: DataTableProps<T>['rowExpansion'];
  /** Rows that can be ticked, to act on several at once (`useRowSelection`). */
  selection?: TableSelection<T>;
  /** From `useListState().table`. */
  table: {
    page: number;
    /** `replace`: a correction, not a step of its own (Back must not return to a page that is gone). */
    onPageChange: (page: number, options?: { replace?: boolean }) => void;
    recordsPerPage: number;
    recordsPerPageOptions: number[];
    onRecordsPerPageChange: (size: number) => void;
    sortStatus: DataTableSortStatus<T>;
    onSortStatusChange: (status: DataTableSortStatus<T>) => void;
    at?: string;
    onPlaceChange?: (at: string | undefined) => void;
    /** The columns put away (by accessor) and how to change them: a "Columns" choice above the rows. */
    hidden?: readonly string[];
    onHiddenChange?: (hidden: string[]) => void;
  };
}

/** A DataTable paged and sorted by the server, with the app's labels and look. */
export function ListTable<T extends { id: number }>({
  records,
  totalRecords,
  places,
  fetching,
  failed = false,
  columns: allColumns,
  rowExpansion,
  selection,
  table: { at, onPlaceChange, hidden = [], onHiddenChange, ...table },
}: ListTableProps<T>) {
  const { t } = useTranslation();
  const lastPage = Math.max(1, Math.ceil(totalRecords / table.recordsPerPage));
  const { page, onPageChange } = table;
  // Too long to count: pages by place, the total said as an estimate.
  const placed = places?.totalEstimated && onPlaceChange ? { places, onPlaceChange } : undefined;

  const phone = useMediaQuery(CARDS_QUERY);
  const columns = withHidden(allColumns, hidden, ACTION_COLUMNS);
  const choice = onHiddenChange && (
    <Group justify="flex-end" mb="xs">
      <ColumnChoice columns={allColumns} hidden={hidden} onHiddenChange={onHiddenChange} actions={ACTION_COLUMNS} />
    </Group>
  );

  // A delete can empty the last page: show the one before it. (A page by place has no number to correct.)
  useEffect(() => {
    if (!fetching && at === undefined && page > lastPage) onPageChange(lastPage, { replace: true });
  }, [fetching, at, page, lastPage, onPageChange]);

  if (phone) {
    return (
      <>
        {choice}
        <ListCards<T>
          records={records}
          totalRecords={totalRecords}
          fetching={fetching}
          failed={failed}
          columns={columns}
          rowExpansion={rowExpansion}
          selection={selection}
          page={page}
          lastPage={lastPage}
          onPageChange={(next) => onPageChange(next)}
          recordsPerPage={table.recordsPerPage}
          sortStatus={table.sortStatus}
          onSortStatusChange={table.onSortStatusChange}
          placed={placed}
        />
      </>
    );
  }

  return (
    <>
      {choice}
      {/* Arrow keys move between rows, to the same control of the next or previous row. */}
      <div onKeyDown={moveBetweenRows}>
        <DataTable<T>
          withTableBorder
          borderRadius="sm"
          classNames={{ table: classes.table }}
          striped
          highlightOnHover
          minHeight={records.length ? undefined : 220}
          fetching={fetching}
          records={records}
          idAccessor="id"
          noRecordsText={t('table.noItems')}
          emptyState={failed ? <span /> : undefined}
          totalRecords={totalRecords}
          recordsPerPageLabel={t('table.rowsPerPage')}
          paginationText={({ from, to, totalRecords: total }) => t('table.range', { from, to, total })}
          getPaginationControlProps={(control) => ({ 'aria-label': t(`table.${control}Page`) })}
          renderPagination={
            placed &&
            (({ Controls }) => (
              <Group justify="space-between" gap="sm" w="100%">
                <Text size="sm">{t('table.about', { total: totalRecords })}</Text>
                <Group gap="md">
                  <Controls.PageSizeSelector />
                  <PlacePager places={placed.places} onPlaceChange={placed.onPlaceChange} />
                </Group>
              </Group>
            ))
          }
          columns={columns}
          rowExpansion={rowExpansion}
          // A row's actions stay in view however wide the other columns run (1366 px and below),
          // and the table's scrollbar shows whenever it scrolls, not only on hover.
          pinLastColumn={ACTION_COLUMNS.includes(String(columns.filter((c) => !c.hidden).at(-1)?.accessor))}
          scrollAreaProps={{ type: 'auto' }}
          // A click on a box ticks its row; with Shift, every row from the last one ticked.
          {...(selection && {
            selectedRecords: selection.selection.selected,
            onSelectedRecordsChange: selection.selection.setSelected,
            isRecordSelectable: selection.isSelectable,
            getRecordSelectionCheckboxProps: (record: T) => ({ 'aria-label': t('bulk.selectOf', { name: selection.labelOf(record) }) }),
            allRecordsSelectionCheckboxProps: { 'aria-label': t('bulk.selectPage') },
          })}
          {...table}
        />
      </div>
    </>
  );
}

/** The accessors of a last column that holds a row's actions. */
const ACTION_COLUMNS = ['action', 'actions'];

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), [tabindex="0"]';

/**
 * ArrowDown / ArrowUp on a control in a row: focus the same control (by its place among the
 * row's controls) of the next or previous row; Home / End with Ctrl: the first or last row.
 */
export function moveBetweenRows(event: KeyboardEvent<HTMLElement>) {
  const keys: Record<string, 1 | -1 | 'first' | 'last'> = { ArrowDown: 1, ArrowUp: -1 };
  if (event.ctrlKey) Object.assign(keys, { Home: 'first', End: 'last' });
  const step = keys[event.key];
  const target = event.target as HTMLElement;
  const row = target.closest('tbody tr');
  if (step === undefined || !row || target.matches('input, textarea, [role="combobox"]')) return;
  const rows = [...row.parentElement!.children].filter((r) => r.querySelector(FOCUSABLE));
  const at = rows.indexOf(row);
  const next = step === 'first' ? rows[0] : step === 'last' ? rows.at(-1) : rows[at + step];
  if (!next) return;
  const place = [...row.querySelectorAll(FOCUSABLE)].indexOf(target);
  const controls = [...next.querySelectorAll<HTMLElement>(FOCUSABLE)];
  event.preventDefault();
  (controls[Math.max(0, Math.min(place, controls.length - 1))] ?? controls[0])?.focus();
}
