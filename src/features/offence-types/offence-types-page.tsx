import { ActionIcon, Badge, Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconCircleOff, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPaths } from '@contract/paths';
import type { TypeOfOffence } from '@contract';
import { ErrorState } from '@/components/error-state';
import { ExportButton } from '@/components/export-button';
import { ListTable, TableFilter } from '@/components/list-table';
import { OnceOpened } from '@/components/modal';
import { PageHeader } from '@/components/page-header';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import { toast } from '@/lib/toast';
import { undoableToast } from '@/lib/undo-toast';
import type { ListSearch } from '@/lib/list-search';
import { useListSearch, type ListSearchProps } from '@/lib/use-list-search';
import { useMenuActions } from '@/lib/use-menu-actions';
import { typeOfOffenceQueries } from '@/lib/type-of-offence-queries';
import { lazyRetrying } from '@/lib/lazy-retrying';
import { OFFENCE_TYPES_SORT, useUpdateOffenceType } from './api';

// The dialogs come with the first one opened.
const OffenceTypeFormModal = lazyRetrying(() => import('./offence-type-form').then((m) => ({ default: m.OffenceTypeFormModal })));
const DeleteOffenceTypeModal = lazyRetrying(() =>
  import('./delete-offence-type-modal').then((m) => ({ default: m.DeleteOffenceTypeModal })),
);

export const OFFENCE_TYPES_URL = '/manage-complaint/type-of-offence';

const rate = new Intl.NumberFormat('en-MY', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Types of offence: list, filter, sort, page; create, edit, (de)activate and delete as allowed. */
export function OffenceTypesPage(listSearch: ListSearchProps<ListSearch>) {
  const { t } = useTranslation();
  const actions = useMenuActions(OFFENCE_TYPES_URL);
  const list = useListSearch<TypeOfOffence>(listSearch, OFFENCE_TYPES_SORT);
  const query = useQuery(typeOfOffenceQueries.page(list.params));
  const update = useUpdateOffenceType();
  const [editing, setEditing] = useState<TypeOfOffence | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TypeOfOffence | null>(null);
  const rows = query.data?.items ?? [];

  /** Taking a type out of use is done at once; its toast offers Undo for a few seconds instead of asking first. */
  async function toggleActive(type: TypeOfOffence) {
    try {
      await update.mutateAsync({ id: type.id, changes: { isActive: !type.isActive } });
      const message = t(type.isActive ? 'offenceTypes.deactivated' : 'offenceTypes.activated', { name: type.name });
      if (!type.isActive) void toast.success(message);
      else undoableToast({ message, commit: () => {}, undo: () => void toggleActive({ ...type, isActive: false }) });
    } catch (failed) {
      void toast.error(commonFailureMessage(await readFailure(failed), t, t('offenceTypes.saveFailed')));
    }
  }

  const canUpdate = actions.has('update');
  const canDelete = actions.has('delete');

  return (
    <>
      <PageHeader>
        {actions.has('create') && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('offenceTypes.new')}
          </Button>
        )}
      </PageHeader>
      {query.isError && (
        <ErrorState
          error={query.error}
          title={t('offenceTypes.loadFailed')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}
      <Paper withBorder radius="md" p="md">
        <TableFilter value={list.filter} onChange={list.setFilter}>
          <ExportButton
            path={apiPaths.typeOfOffencesCsv}
            searchParams={{ sort: list.params.sort, q: list.params.q }}
            fileName="types-of-offence.csv"
          />
        </TableFilter>
        <ListTable<TypeOfOffence>
          records={rows}
          totalRecords={query.data?.pagination.totalRow ?? 0}
          fetching={query.isFetching}
          failed={query.isError}
          table={list.table}
          columns={[
            { accessor: 'name', title: t('offenceTypes.name'), sortable: true },
            {
              accessor: 'description',
              title: t('offenceTypes.description'),
              render: (type) => (
                <Text size="sm" lineClamp={2} title={type.description}>
                  {type.description}
                </Text>
              ),
            },
            {
              accessor: 'defaultRate',
              title: t('offenceTypes.defaultRate'),
              sortable: true,
              textAlign: 'right',
              noWrap: true,
              render: (type) => rate.format(type.defaultRate),
            },
            {
              accessor: 'isActive',
              title: t('offenceTypes.status'),
              sortable: true,
              noWrap: true,
              render: (type) => (
                // A dot in the colour and dark text: readable (WCAG AA), unlike light badges' tinted text.
                <Badge color={type.isActive ? 'green' : 'gray'} variant="dot" styles={{ label: { overflow: 'visible' } }}>
                  {type.isActive ? t('offenceTypes.activeBadge') : t('offenceTypes.inactiveBadge')}
                </Badge>
              ),
            },
            {
              accessor: 'actions',
              title: t('complaints.action'),
              textAlign: 'center',
              hidden: !canUpdate && !canDelete,
              render: (type) => (
                <Group gap={4} justify="center" wrap="nowrap">
                  {canUpdate && (
                    <Tooltip label={t('common.edit')}>
                      <ActionIcon
                        variant="light"
                        aria-label={t('offenceTypes.editOf', { name: type.name })}
                        onClick={() => setEditing(type)}
                      >
                        <IconPencil size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {canUpdate && (
                    <Tooltip label={type.isActive ? t('offenceTypes.deactivate') : t('offenceTypes.activate')}>
                      <ActionIcon
                        variant="light"
                        color={type.isActive ? 'orange' : 'green'}
                        aria-label={t(type.isActive ? 'offenceTypes.deactivateOf' : 'offenceTypes.activateOf', { name: type.name })}
                        loading={update.isPending && update.variables?.id === type.id}
                        onClick={() => void toggleActive(type)}
                      >
                        {type.isActive ? <IconCircleOff size={18} /> : <IconCircleCheck size={18} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {canDelete && (
                    <Tooltip label={t('common.delete')}>
                      <ActionIcon
                        variant="light"
                        color="red"
                        aria-label={t('offenceTypes.deleteOf', { name: type.name })}
                        onClick={() => setDeleting(type)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              ),
            },
          ]}
        />
      </Paper>
      <OnceOpened opened={editing !== null} onCancel={() => setEditing(null)}>
        <OffenceTypeFormModal editing={editing} onClose={() => setEditing(null)} />
      </OnceOpened>
      <OnceOpened opened={deleting !== null} onCancel={() => setDeleting(null)}>
        <DeleteOffenceTypeModal target={deleting} canDeactivate={canUpdate} onClose={() => setDeleting(null)} />
      </OnceOpened>
    </>
  );
}
