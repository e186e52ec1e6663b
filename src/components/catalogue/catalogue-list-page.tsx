import { Button, Group, Paper, Tabs } from '@mantine/core';
import { IconCircleCheck, IconCircleOff, IconPlus } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntity } from '@contract/audit-entities';
import { ActiveBadge } from '@/components/catalogue/active-badge';
import { ActiveFilter } from '@/components/catalogue/active-filter';
import { DeleteRecordModal } from '@/components/catalogue/delete-record-modal';
import { RecordActions } from '@/components/catalogue/record-actions';
import { ErrorState } from '@/components/error-state';
import { ExportButton } from '@/components/export-button';
import { FormModal } from '@/components/form-modal';
import { ListTable, TableFilter } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { hasSelection, useRowSelection } from '@/components/row-selection';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import type { CatalogueListSearch } from '@/lib/list-search';
import { toast } from '@/lib/toast';
import { undoableToast } from '@/lib/undo-toast';
import { useListSearch, type ListSearchProps } from '@/lib/use-list-search';
import { useMenuActions } from '@/lib/use-menu-actions';
import { RecordHistory } from '@/components/record-history-lazy';
import type SelectionBarComponent from '@/components/selection-bar';
import { lazyRetrying } from '@/lib/lazy-retrying';
import { LazyPart } from '@/components/part-load-boundary';

// Shown once a row is ticked: its code comes then.
const SelectionBar = lazyRetrying(() => import('@/components/selection-bar')) as unknown as typeof SelectionBarComponent;

export interface CatalogueRecord {
  id: number;
  /** Absent where records have no active flag (contracts end by their dates). */
  active?: boolean;
}

/**
 * What a catalogue screen says of itself, under one key of the locale files: `new`, `newTitle`,
 * `editTitle`, `loadFailed` and `deleteTitle`.
 */
type CatalogueWord = 'new' | 'newTitle' | 'editTitle' | 'loadFailed' | 'deleteTitle';

interface CataloguePageProps<T extends CatalogueRecord, S extends CatalogueListSearch> extends ListSearchProps<S> {
  /** The menu item of the screen: what the matrix lets the caller do there. */
  url: string;
  entity: AuditEntity;
  /** Where its words are in the locale files, e.g. `formulas` or `referenceLists.zones`. */
  wordsKey: string;
  defaultSort: string;
  nameOf: (row: T) => string;
  query: {
    data?: { items: T[]; pagination: { totalRow: number } };
    error: unknown;
    isError: boolean;
    isFetching: boolean;
    refetch: () => unknown;
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the catalogue's own input and change shapes
  update: UseMutationResult<T, Error, { id: number; changes: any }>;
  remove: UseMutationResult<void, Error, number>;
  /** The catalogue's own columns, before status and actions. */
  columns: DataTableColumn<T>[];
  /** Filters of the catalogue's own, beside the active one. */
  filters?: ReactNode;
  exportButton: { path: string; searchParams: Record<string, string | number | undefined>; fileName: string };
  /** The create or edit form of a record (null: a new one). */
  form: (current: T | null, onDone: () => void) => ReactNode;
  /** The form's dialog: `lg` unless a form needs room beside its fields. */
  formSize?: 'lg' | 'xl';
  /** Records with an active flag get the Active filter, a status column and (de)activation. */
  withActive?: boolean;
}

/**
 * A catalogue screen: filter, show active or inactive records, sort, page and export, its view
 * in the URL; create, edit (with the record's History from the audit trail), deactivate after
 * asking, and delete as the matrix allows. One in use is never deleted: the screen says what
 * uses it and offers to deactivate it.
 */
export function CatalogueListPage<T extends CatalogueRecord, S extends CatalogueListSearch>(props: CataloguePageProps<T, S>) {
  const {
    url,
    entity,
    wordsKey,
    defaultSort,
    nameOf,
    query,
    update,
    remove,
    columns,
    filters,
    exportButton,
    form,
    formSize = 'lg',
    withActive = true,
    ...listSearch
  } = props;
  const { t } = useTranslation();
  const word = (name: CatalogueWord) => t(`${wordsKey}.${name}`);
  const actions = useMenuActions(url);
  const list = useListSearch<T, S>(listSearch, defaultSort);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const canUpdate = actions.has('update');
  const canDelete = actions.has('delete');
  const records = query.data?.items ?? [];
  const total = query.data?.pagination.totalRow ?? 0;
  // Ticked records, let go on another page, filter or order.
  const selection = useRowSelection<T>(JSON.stringify(listSearch.search));
  const bulk = withActive && canUpdate;

  /**
   * Taking a record out of use is done at once and can be taken back: its toast offers Undo for
   * a few seconds (putting it back in use), instead of a dialog asking first.
   */
  async function setActive(record: T, active: boolean) {
    try {
      await update.mutateAsync({ id: record.id, changes: { active } });
      const message = t(active ? 'catalogue.activated' : 'catalogue.deactivated', { name: nameOf(record) });
      if (active) void toast.success(message);
      else undoableToast({ message, commit: () => {}, undo: () => void setActive(record, true) });
    } catch (failed) {
      void toast.error(commonFailureMessage(await readFailure(failed), t, t('catalogue.saveFailed')));
    }
  }

  /**
   * The ticked records taken out of use, or put back, at once; each its own call. Taking out of
   * use offers Undo, as for one record.
   */
  async function setActiveOfSelected(active: boolean) {
    const changing = selection.selected.filter((r) => r.active !== active);
    const done: T[] = [];
    const refused: string[] = [];
    for (const record of changing) {
      try {
        await update.mutateAsync({ id: record.id, changes: { active } });
        done.push(record);
      } catch (failed) {
        refused.push(`${nameOf(record)}: ${commonFailureMessage(await readFailure(failed), t, t('catalogue.saveFailed'))}`);
      }
    }
    selection.clear();
    const unchanged = selection.selected.length - changing.length;
    const message = [
      t(active ? 'bulk.activated' : 'bulk.deactivated', { count: done.length }),
      unchanged > 0 ? t(active ? 'bulk.alreadyActive' : 'bulk.alreadyInactive', { count: unchanged }) : '',
    ]
      .filter(Boolean)
      .join(' ');
    if (refused.length > 0) void toast.error([t('bulk.refusedCount', { count: refused.length }), ...refused].join('\n'));
    if (done.length === 0) return void (refused.length === 0 && toast.blank(message));
    if (active) void toast.success(message);
    else
      undoableToast({
        message,
        commit: () => {},
        undo: () => void Promise.all(done.map((r) => update.mutateAsync({ id: r.id, changes: { active: true } }))),
      });
  }

  const close = () => setEditing(null);
  return (
    <>
      <PageHeader>
        {actions.has('create') && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {word('new')}
          </Button>
        )}
      </PageHeader>
      {query.isError && (
        <ErrorState error={query.error} title={word('loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      )}
      <Paper withBorder radius="md" p="md">
        <TableFilter value={list.filter} onChange={list.setFilter}>
          <Group gap="sm">
            {withActive && (
              <ActiveFilter value={listSearch.search.show} onChange={(show) => listSearch.onSearchChange({ show } as Partial<S>)} />
            )}
            <ExportButton {...exportButton} />
          </Group>
        </TableFilter>
        {filters && (
          <Group mb="md" gap="sm" align="flex-end">
            {filters}
          </Group>
        )}
        {bulk && hasSelection(selection) && (
          <LazyPart>
            <SelectionBar selection={selection} total={total} selectable={records.length} offerAllMatching={false}>
              <Button
                size="compact-sm"
                color="orange"
                leftSection={<IconCircleOff size={14} />}
                onClick={() => void setActiveOfSelected(false)}
              >
                {t('bulk.deactivate')}
              </Button>
              <Button
                size="compact-sm"
                color="green"
                leftSection={<IconCircleCheck size={14} />}
                onClick={() => void setActiveOfSelected(true)}
              >
                {t('bulk.activate')}
              </Button>
            </SelectionBar>
          </LazyPart>
        )}
        <ListTable<T>
          records={records}
          totalRecords={total}
          selection={bulk ? { selection, labelOf: nameOf } : undefined}
          fetching={query.isFetching}
          failed={query.isError}
          table={list.table}
          columns={[
            ...columns,
            {
              accessor: 'active',
              title: t('catalogue.status'),
              sortable: true,
              noWrap: true,
              hidden: !withActive,
              render: (r) => <ActiveBadge active={r.active === true} />,
            },
            {
              accessor: 'actions',
              title: t('complaints.action'),
              textAlign: 'center',
              hidden: !canUpdate && !canDelete,
              render: (r) => (
                <RecordActions
                  name={nameOf(r)}
                  active={withActive ? r.active === true : null}
                  canUpdate={canUpdate}
                  canDelete={canDelete}
                  toggling={update.isPending && update.variables?.id === r.id}
                  onEdit={() => setEditing(r)}
                  onToggleActive={() => void setActive(r, !r.active)}
                  onDelete={() => setDeleting(r)}
                />
              ),
            },
          ]}
        />
      </Paper>
      <FormModal editing={editing} onClose={close} title={(current) => (current ? word('editTitle') : word('newTitle'))} size={formSize}>
        {(current) =>
          current ? (
            <Tabs defaultValue="details" keepMounted={false}>
              <Tabs.List mb="md">
                <Tabs.Tab value="details">{t('catalogue.details')}</Tabs.Tab>
                <Tabs.Tab value="history">{t('audit.history')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="details">{form(current, close)}</Tabs.Panel>
              <Tabs.Panel value="history">
                <RecordHistory entity={entity} entityId={current.id} />
              </Tabs.Panel>
            </Tabs>
          ) : (
            form(null, close)
          )
        }
      </FormModal>
      <DeleteRecordModal
        target={deleting && { id: deleting.id, name: nameOf(deleting), active: deleting.active !== false }}
        title={word('deleteTitle')}
        canDeactivate={canUpdate && withActive}
        remove={(id) => remove.mutateAsync(id)}
        deactivate={(id) => update.mutateAsync({ id, changes: { active: false } })}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
