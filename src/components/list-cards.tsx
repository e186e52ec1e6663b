import { Box, Button, Checkbox, Group, LoadingOverlay, Pagination, Paper, Select, Stack, Text } from '@mantine/core';
import type { DataTableColumn, DataTableProps, DataTableSortStatus } from 'mantine-datatable';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlacePager, type Places } from './place-pager';
import type { TableSelection } from './row-selection';

/** Columns whose cell is the row's buttons: shown at the foot of its card. */
const ACTION_ACCESSORS = new Set(['action', 'actions']);

/** A column's value as the table reads it: `typeOfOffence.name` is a path into the record. */
const valueAt = (record: unknown, path: string) =>
  path
    .split('.')
    .reduce<unknown>(
      (value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
      record,
    );

interface ListCardsProps<T> {
  records: T[];
  totalRecords: number;
  fetching: boolean;
  /** The rows failed to load (the page says so above): no "No items found" under it. */
  failed?: boolean;
  columns: DataTableColumn<T>[];
  rowExpansion?: DataTableProps<T>['rowExpansion'];
  page: number;
  lastPage: number;
  onPageChange: (page: number) => void;
  recordsPerPage: number;
  sortStatus: DataTableSortStatus<T>;
  onSortStatusChange: (status: DataTableSortStatus<T>) => void;
  selection?: TableSelection<T>;
  /** Too long to count: pages by place, the total an estimate. */
  placed?: { places: Places; onPlaceChange: (at: string | undefined) => void };
}

/**
 * A list on a phone: each row a card of its columns, the first as its heading and its actions
 * at its foot; sorting by a select, and pages below. The same columns as the table.
 */
export function ListCards<T extends { id: number }>({
  records,
  totalRecords,
  fetching,
  failed = false,
  columns,
  rowExpansion,
  page,
  lastPage,
  onPageChange,
  recordsPerPage,
  sortStatus,
  onSortStatusChange,
  placed,
  selection,
}: ListCardsProps<T>) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<number | null>(null);
  const shown = columns.filter((c) => !c.hidden);
  const actions = shown.filter((c) => ACTION_ACCESSORS.has(String(c.accessor)));
  const [heading, ...fields] = shown.filter((c) => !ACTION_ACCESSORS.has(String(c.accessor)));
  const cell = (column: DataTableColumn<T>, record: T, index: number): ReactNode =>
    column.render ? column.render(record, index) : String(valueAt(record, String(column.accessor)) ?? '');
  const titleOf = (column: DataTableColumn<T>) => (typeof column.title === 'string' ? column.title : String(column.accessor));
  const sortable = shown.filter((c) => c.sortable);
  const from = totalRecords === 0 ? 0 : (page - 1) * recordsPerPage + 1;
  const to = Math.min(page * recordsPerPage, totalRecords);

  return (
    <Stack gap="sm">
      {sortable.length > 0 && (
        <Select
          label={t('table.sortBy')}
          allowDeselect={false}
          data={sortable.flatMap((c) => [
            { value: `${String(c.accessor)}:asc`, label: t('table.ascending', { column: titleOf(c) }) },
            { value: `${String(c.accessor)}:desc`, label: t('table.descending', { column: titleOf(c) }) },
          ])}
          value={`${String(sortStatus.columnAccessor)}:${sortStatus.direction}`}
          onChange={(value) => {
            if (!value) return;
            const [columnAccessor, direction] = value.split(':') as [string, 'asc' | 'desc'];
            onSortStatusChange({ columnAccessor, direction } as DataTableSortStatus<T>);
          }}
        />
      )}
      <Box pos="relative" mih={records.length ? undefined : 120}>
        <LoadingOverlay visible={fetching} zIndex={1} overlayProps={{ blur: 1 }} />
        {records.length === 0 ? (
          !failed && (
            <Text c="dimmed" ta="center" py="xl">
              {t('table.noItems')}
            </Text>
          )
        ) : (
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {records.map((record, index) => (
              <Paper component="li" key={record.id} withBorder radius="md" p="sm">
                <Stack gap={6}>
                  {selection && (selection.isSelectable?.(record) ?? true) ? (
                    <Checkbox
                      label={heading ? <Text fw={700}>{cell(heading, record, index)}</Text> : undefined}
                      aria-label={t('bulk.selectOf', { name: selection.labelOf(record) })}
                      checked={selection.selection.selected.some((r) => r.id === record.id)}
                      onChange={(event) => {
                        const { selected, setSelected } = selection.selection;
                        setSelected(event.currentTarget.checked ? [...selected, record] : selected.filter((r) => r.id !== record.id));
                      }}
                    />
                  ) : (
                    heading && <Text fw={700}>{cell(heading, record, index)}</Text>
                  )}
                  {fields.map((column) => (
                    <Group key={String(column.accessor)} justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                        {titleOf(column)}
                      </Text>
                      <Box ta="right" fz="sm" miw={0}>
                        {cell(column, record, index)}
                      </Box>
                    </Group>
                  ))}
                  {(actions.length > 0 || rowExpansion) && (
                    <Group justify="flex-end" gap="xs">
                      {rowExpansion && (
                        <Button
                          variant="subtle"
                          size="xs"
                          aria-expanded={expanded === record.id}
                          onClick={() => setExpanded(expanded === record.id ? null : record.id)}
                        >
                          {t(expanded === record.id ? 'table.hideDetails' : 'table.showDetails')}
                        </Button>
                      )}
                      {actions.map((column) => (
                        <Box key={String(column.accessor)}>{cell(column, record, index)}</Box>
                      ))}
                    </Group>
                  )}
                  {rowExpansion && expanded === record.id && rowExpansion.content({ record, index, collapse: () => setExpanded(null) })}
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
      </Box>
      {placed ? (
        <Group justify="space-between" gap="xs">
          <Text size="sm">{t('table.about', { total: totalRecords })}</Text>
          <PlacePager places={placed.places} onPlaceChange={placed.onPlaceChange} />
        </Group>
      ) : (
        <Group justify="space-between" gap="xs">
          <Text size="sm">{t('table.range', { from, to, total: totalRecords })}</Text>
          {lastPage > 1 && (
            <Pagination
              size="sm"
              total={lastPage}
              value={page}
              onChange={onPageChange}
              siblings={0}
              getControlProps={(control) => ({ 'aria-label': t(`table.${control}Page`) })}
              getItemProps={(item) => ({ 'aria-label': t('table.pageNumber', { page: item }) })}
            />
          )}
        </Group>
      )}
    </Stack>
  );
}
