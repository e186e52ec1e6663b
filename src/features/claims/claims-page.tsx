import { ActionIcon, Button, Chip, Group, Paper, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLAIM_STATUSES } from '@contract/claim-record-fields';
import { menuItems } from '@contract/menu-items';
import type { ClaimRecord } from '@contract';
import { GuardedModal } from '@/components/guarded-modal';
import { ErrorState } from '@/components/error-state';
import { ListTable, TableFilter } from '@/components/list-table';
import { MonthField } from '@/components/month-field';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { useChoices } from '@/lib/catalogue-queries';
import { toast } from '@/lib/toast';
import { useListSearch, type ListSearchProps } from '@/lib/use-list-search';
import { useMenuActions } from '@/lib/use-menu-actions';
import { lazyRetrying } from '@/lib/lazy-retrying';
import { claimQueries, CLAIMS_SORT, useClaimMutations } from './api';
import { ClaimStatusBadge } from './claim-status-badge';
import { dayLabel, monthLabel, ringgit } from './claim-words';
import { CLAIMS_URL, type ClaimsSearch } from './list-url';

// The form and a record's detail come with the first one opened.
const GenerateClaimForm = lazyRetrying(() => import('./claim-forms').then((m) => ({ default: m.GenerateClaimForm })));
const ClaimDetail = lazyRetrying(() => import('./claim-detail').then((m) => ({ default: m.ClaimDetail })));

/** Only staff who may read contracts get the contract filter; a contractor's records name theirs. */
function ContractFilter({ value, onChange }: { value: number | undefined; onChange: (id: number | undefined) => void }) {
  const { t } = useTranslation();
  const contracts = useChoices('contracts');
  return (
    <Select
      label={t('claims.contract')}
      placeholder={t('catalogue.everyOne')}
      clearable
      searchable
      data={contracts.options(value)}
      value={value ? String(value) : null}
      onChange={(next) => onChange(next ? Number(next) : undefined)}
      w={{ base: '100%', sm: 240 }}
    />
  );
}

/**
 * Claim Record: each contract's fines of a month, priced and kept as priced. Officers generate
 * a month's draft, refresh it, issue it (an invoice number, the contractor told) and mark it
 * paid; contractors see their own issued and paid records and their invoices.
 */
export function ClaimsPage(listSearch: ListSearchProps<ClaimsSearch>) {
  const { t, i18n } = useTranslation();
  const { search, onSearchChange } = listSearch;
  const list = useListSearch<ClaimRecord, ClaimsSearch>(listSearch, CLAIMS_SORT);
  const query = useQuery(claimQueries.page(search));
  const mutations = useClaimMutations();
  const actions = useMenuActions(CLAIMS_URL);
  const readsContracts = useMenuActions(menuItems.contract.url).has('view');
  const [generating, setGenerating] = useState(false);
  const language = i18n.resolvedLanguage;
  const open = (id: number | undefined) => onSearchChange({ open: id, page: search.page });

  return (
    <>
      <PageHeader>
        {actions.has('create') && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setGenerating(true)}>
            {t('claims.generateClaim')}
          </Button>
        )}
      </PageHeader>
      {query.isError && (
        <ErrorState error={query.error} title={t('claims.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      )}
      <Paper withBorder radius="md" p="md">
        <TableFilter value={list.filter} onChange={list.setFilter} />
        <Group mb="md" gap="sm" align="flex-end">
          <Select
            label={t('claims.status')}
            placeholder={t('catalogue.everyOne')}
            clearable
            data={CLAIM_STATUSES.map((s) => ({ value: s, label: t(`claims.statuses.${s}`) }))}
            value={search.status ?? null}
            onChange={(value) => onSearchChange({ status: (value as ClaimsSearch['status']) ?? undefined })}
            w={{ base: '100%', sm: 180 }}
          />
          {readsContracts && <ContractFilter value={search.contract} onChange={(contract) => onSearchChange({ contract })} />}
          <MonthField
            value={search.month ? `${search.month}-01` : null}
            onChange={(value) => onSearchChange({ month: value ? value.slice(0, 7) : undefined, from: undefined, to: undefined })}
            w={{ base: '100%', sm: 200 }}
          />
          {(search.from || search.to) && (
            // The dashboard's months; no control sets them here, one removes them.
            <Chip checked onChange={() => onSearchChange({ from: undefined, to: undefined })} variant="light" mb={6}>
              {t('claims.monthRange', {
                from: search.from ? monthLabel(search.from, language) : '…',
                to: search.to ? monthLabel(search.to, language) : '…',
              })}
            </Chip>
          )}
        </Group>
        <ListTable<ClaimRecord>
          records={query.data?.items ?? []}
          totalRecords={query.data?.pagination.totalRow ?? 0}
          fetching={query.isFetching}
          failed={query.isError}
          table={list.table}
          columns={[
            { accessor: 'month', title: t('claims.month'), sortable: true, noWrap: true, render: (r) => monthLabel(r.month, language) },
            {
              accessor: 'contract',
              title: t('claims.contract'),
              render: (r) => (
                <Stack gap={0}>
                  <Text size="sm">{r.contract.contractNo}</Text>
                  <Text size="xs" c="dimmed">
                    {r.organization.name}
                  </Text>
                </Stack>
              ),
            },
            { accessor: 'status', title: t('claims.status'), sortable: true, render: (r) => <ClaimStatusBadge status={r.status} /> },
            { accessor: 'lineCount', title: t('claims.lines'), textAlign: 'right' },
            {
              accessor: 'total',
              title: t('claims.total'),
              sortable: true,
              textAlign: 'right',
              noWrap: true,
              render: (r) => ringgit(r.total),
            },
            {
              accessor: 'invoiceNo',
              title: t('claims.invoiceNo'),
              sortable: true,
              noWrap: true,
              render: (r) =>
                r.invoiceNo ? (
                  <Stack gap={0}>
                    <Text size="sm">{r.invoiceNo}</Text>
                    <Text size="xs" c="dimmed">
                      {r.status === 'paid'
                        ? t('claims.paidOnShort', { day: dayLabel(r.paidOn) })
                        : t('claims.dueOnShort', { day: dayLabel(r.dueOn) })}
                    </Text>
                  </Stack>
                ) : (
                  '—'
                ),
            },
            {
              accessor: 'actions',
              title: t('complaints.action'),
              textAlign: 'center',
              render: (r) => (
                <Tooltip label={t('claims.open')}>
                  <ActionIcon
                    variant="light"
                    aria-label={t('claims.openOf', { month: monthLabel(r.month, language), contractNo: r.contract.contractNo })}
                    onClick={() => open(r.id)}
                  >
                    <IconEye size={18} />
                  </ActionIcon>
                </Tooltip>
              ),
            },
          ]}
        />
      </Paper>

      <GuardedModal opened={generating} onClose={() => setGenerating(false)} title={t('claims.generateTitle')}>
        {generating && (
          <Suspense fallback={<PageLoader />}>
            <GenerateClaimForm
              generate={mutations.generate}
              onCancel={() => setGenerating(false)}
              onGenerated={(record) => {
                setGenerating(false);
                void toast.success(t('claims.generated', { count: record.lineCount, total: ringgit(record.total) }));
                open(record.id);
              }}
            />
          </Suspense>
        )}
      </GuardedModal>
      <GuardedModal opened={search.open !== undefined} onClose={() => open(undefined)} title={t('claims.detailTitle')} size={1000}>
        {search.open !== undefined && (
          <Suspense fallback={<PageLoader />}>
            <ClaimDetail
              key={search.open}
              id={search.open}
              mutations={mutations}
              canUpdate={actions.has('update')}
              canDelete={actions.has('delete')}
              onClose={() => open(undefined)}
            />
          </Suspense>
        )}
      </GuardedModal>
    </>
  );
}
