import { Button, Group, Paper, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPaths } from '@contract/paths';
import type { Reference, ReferenceListKey } from '@contract';
import { ActiveBadge } from '@/components/catalogue/active-badge';
import { ActiveFilter } from '@/components/catalogue/active-filter';
import { DeleteRecordModal } from '@/components/catalogue/delete-record-modal';
import { RecordActions } from '@/components/catalogue/record-actions';
import { ConfirmModal } from '@/components/confirm-modal';
import { ErrorState } from '@/components/error-state';
import { ExportButton } from '@/components/export-button';
import { ListTable, TableFilter } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import type { CatalogueListSearch } from '@/lib/list-search';
import { toast } from '@/lib/toast';
import { useListSearch, type ListSearchProps } from '@/lib/use-list-search';
import { useMenuActions } from '@/lib/use-menu-actions';
import { REFERENCE_SORT, referencePageParams, referenceListQueries, useReferenceMutations } from './api';
import { REFERENCE_SCREENS } from './list-url';
import { ReferenceFormModal } from './reference-form-modal';

/**
 * One reference list (Manage Type, User Type, Position, Zone, Organization Type): filter,
 * show active or inactive ones, sort, page and export; create, edit, (de)activate and delete
 * as the matrix allows. A record in use is never deleted: the screen offers to deactivate it.
 */
export function ReferenceListPage({ listKey, ...listSearch }: ListSearchProps<CatalogueListSearch> & { listKey: ReferenceListKey }) {
  const { t } = useTranslation();
  const actions = useMenuActions(REFERENCE_SCREENS[listKey].url);
  const list = useListSearch<Reference, CatalogueListSearch>(listSearch, REFERENCE_SORT);
  const params = referencePageParams(listSearch.search);
  const query = useQuery(referenceListQueries.page(listKey, params));
  const mutations = useReferenceMutations(listKey);
  const { update, remove } = mutations;
  const [editing, setEditing] = useState<Reference | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Reference | null>(null);
  // Taking a record out of use asks first, as deleting does; putting it back does not.
  const [deactivating, setDeactivating] = useState<Reference | null>(null);

  async function setActive(record: Reference, active: boolean) {
    try {
      await update.mutateAsync({ id: record.id, changes: { active } });
      setDeactivating(null);
      void toast.success(t(active ? 'catalogue.activated' : 'catalogue.deactivated', { name: record.name }));
    } catch (failed) {
      void toast.error(commonFailureMessage(await readFailure(failed), t, t('catalogue.saveFailed')));
    }
  }

  const canUpdate = actions.has('update');
  const canDelete = actions.has('delete');
  const words = (key: string) => t(`referenceLists.${listKey}.${key}`);

  return (
    <>
      <PageHeader>
        {actions.has('create') && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {words('new')}
          </Button>
        )}
      </PageHeader>
      {query.isError && <ErrorState title={words('loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />}
      <Paper withBorder radius="md" p="md">
        <TableFilter value={list.filter} onChange={list.setFilter}>
          <Group gap="sm">
            <ActiveFilter value={listSearch.search.show} onChange={(show) => listSearch.onSearchChange({ show })} />
            <ExportButton path={apiPaths.catalogueCsv(listKey)} searchParams={{ sort: params.sort, q: params.q, active: params.active }} fileName={`${listKey}.csv`} />
          </Group>
        </TableFilter>
        <ListTable<Reference>
          records={query.data?.items ?? []}
          totalRecords={query.data?.pagination.totalRow ?? 0}
          fetching={query.isFetching}
          table={list.table}
          columns={[
            { accessor: 'code', title: t('catalogue.code'), sortable: true, noWrap: true },
            { accessor: 'name', title: t('catalogue.name'), sortable: true },
            {
              accessor: 'description',
              title: t('catalogue.description'),
              render: (r) => (
                <Text size="sm" lineClamp={2} title={r.description}>
                  {r.description}
                </Text>
              ),
            },
            { accessor: 'active', title: t('catalogue.status'), sortable: true, noWrap: true, render: (r) => <ActiveBadge active={r.active} /> },
            {
              accessor: 'actions',
              title: t('complaints.action'),
              textAlign: 'center',
              hidden: !canUpdate && !canDelete,
              render: (r) => (
                <RecordActions
                  name={r.name}
                  active={r.active}
                  canUpdate={canUpdate}
                  canDelete={canDelete}
                  toggling={update.isPending && update.variables?.id === r.id}
                  onEdit={() => setEditing(r)}
                  onToggleActive={() => (r.active ? setDeactivating(r) : void setActive(r, true))}
                  onDelete={() => setDeleting(r)}
                />
              ),
            },
          ]}
        />
      </Paper>
      <ReferenceFormModal listKey={listKey} editing={editing} mutations={mutations} onClose={() => setEditing(null)} />
      <DeleteRecordModal
        target={deleting}
        title={words('deleteTitle')}
        canDeactivate={canUpdate}
        remove={(id) => remove.mutateAsync(id)}
        deactivate={(id) => update.mutateAsync({ id, changes: { active: false } })}
        onClose={() => setDeleting(null)}
      />
      <ConfirmModal
        opened={deactivating !== null}
        title={words('deactivateTitle')}
        confirmLabel={t('catalogue.deactivate')}
        color="orange"
        loading={update.isPending}
        onConfirm={() => void setActive(deactivating!, false)}
        onClose={() => setDeactivating(null)}
      >
        {deactivating && t('catalogue.deactivateConfirm', { name: deactivating.name })}
      </ConfirmModal>
    </>
  );
}
