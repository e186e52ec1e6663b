import { Badge, Group, Paper, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { AUDIT_ENTITIES, type AuditEntity } from '@contract/audit-entities';
import type { AuditEvent } from '@contract';
import { ErrorState } from '@/components/error-state';
import { ListTable } from '@/components/list-table';
import { PeriodFilter } from '@/components/period-filter';
import { PageHeader } from '@/components/page-header';
import { ChangeTable } from '@/components/record-history';
import { auditQueries } from '@/lib/audit-queries';
import { useAuditWords } from '@/lib/audit-words';
import { formatDateTime } from '@/lib/date-format';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@/lib/list-params';
import { startOfDay, type SearchChange } from '@/lib/list-search';
import { columnChoice } from '@/lib/use-list-search';
import type { ActivitySearch } from './activity-search';
import { AuditChainCard } from './audit-chain-card';

interface ActivityPageProps {
  search: ActivitySearch;
  /** Whom the moves may be filtered by: every user, by e-mail. */
  actors: { value: string; label: string }[];
  onSearchChange: (change: SearchChange<ActivitySearch>, options?: { replace?: boolean }) => void;
}

/** Newest first, the trail has no other order. */
const SORT: DataTableSortStatus<AuditEvent> = { columnAccessor: 'at', direction: 'desc' };

export const activityParams = (search: ActivitySearch) => ({
  page: search.page ?? 1,
  limit: search.size ?? DEFAULT_PAGE_SIZE,
  entity: search.entity,
  actorId: search.actor,
  // The user's own days: from the first one's start to the last one's end.
  from: search.from && startOfDay(search.from),
  to: search.to && startOfDay(search.to, 1),
});

/** Every write of the product, newest first: who did what to which record, and what changed (a row opens to show it). */
export function ActivityPage({ search, actors, onSearchChange }: ActivityPageProps) {
  const { t } = useTranslation();
  const params = activityParams(search);
  const query = useQuery(auditQueries.page(params));
  const words = useAuditWords();

  return (
    <>
      <PageHeader />
      <AuditChainCard />
      {query.isError && (
        <ErrorState error={query.error} title={t('audit.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      )}
      <Paper withBorder radius="md" p="md">
        <Group mb="md" gap="sm" align="flex-end">
          <Select
            label={t('audit.entity')}
            placeholder={t('audit.everyEntity')}
            clearable
            value={search.entity ?? null}
            onChange={(entity) => onSearchChange({ entity: (entity as AuditEntity | null) ?? undefined, page: undefined })}
            data={AUDIT_ENTITIES.map((entity) => ({ value: entity, label: t(`audit.entities.${entity}`) }))}
            w={{ base: '100%', sm: 220 }}
          />
          <Select
            label={t('audit.actor')}
            placeholder={t('audit.anyone')}
            clearable
            searchable
            value={search.actor === undefined ? null : String(search.actor)}
            onChange={(value) => onSearchChange({ actor: value ? Number(value) : undefined, page: undefined })}
            data={actors}
            nothingFoundMessage={t('audit.noSuchUser')}
            w={{ base: '100%', sm: 260 }}
          />
          <PeriodFilter
            label={t('audit.period')}
            from={search.from}
            to={search.to}
            onChange={(period) => onSearchChange({ ...period, page: undefined })}
          />
        </Group>
        <ListTable<AuditEvent>
          records={query.data?.items ?? []}
          totalRecords={query.data?.pagination.totalRow ?? 0}
          fetching={query.isFetching}
          failed={query.isError}
          table={{
            page: params.page,
            onPageChange: (page, options) => onSearchChange({ page }, options),
            recordsPerPage: params.limit,
            recordsPerPageOptions: PAGE_SIZES,
            onRecordsPerPageChange: (size) => onSearchChange({ size: size === DEFAULT_PAGE_SIZE ? undefined : size, page: undefined }),
            sortStatus: SORT,
            onSortStatusChange: () => {},
            ...columnChoice(search, onSearchChange),
          }}
          rowExpansion={{
            content: ({ record }) => (
              <Paper p="sm" radius={0}>
                <ChangeTable event={record} />
              </Paper>
            ),
          }}
          columns={[
            { accessor: 'at', title: t('audit.at'), noWrap: true, render: (e) => formatDateTime(e.at) },
            { accessor: 'actor', title: t('audit.actor'), render: (e) => e.actor?.email ?? t('audit.system') },
            {
              accessor: 'action',
              title: t('audit.action'),
              render: (e) => (
                <Badge variant="light" color="gray">
                  {t(`audit.actions.${e.action}`)}
                </Badge>
              ),
            },
            {
              accessor: 'entity',
              title: t('audit.record'),
              render: (e) => {
                const record = words.recordLabel(e);
                return (
                  <Text size="sm">
                    {record.kind}{' '}
                    <Text span fw={500} size="sm">
                      {record.name}
                    </Text>
                  </Text>
                );
              },
            },
            { accessor: 'ip', title: t('audit.ip'), noWrap: true, render: (e) => e.ip ?? '—' },
          ]}
        />
      </Paper>
    </>
  );
}
