import { Badge, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDay, todayLocal } from '@/lib/date-format';
import { useTranslation } from 'react-i18next';
import { apiPaths } from '@contract/paths';
import type { Contract, ContractInput, ContractUpdate } from '@contract';
import { CatalogueListPage } from '@/components/catalogue/catalogue-list-page';
import { useCalendarProps } from '@/components/calendar-props';
import { DatePickerInput } from '@/components/picker-inputs';
import { useCatalogueMutations, useChoices } from '@/lib/catalogue-queries';
import { formatMoney } from '@/lib/money';
import type { ListSearchProps } from '@/lib/use-list-search';
import { lazyRetrying } from '@/lib/lazy-retrying';
import { contractsPage, contractsParams, CONTRACTS_SORT } from './api';
import { CONTRACTS_URL, type ContractsSearch } from './list-url';

// The form comes with the first one opened (FormModal waits for it).
const ContractForm = lazyRetrying(() => import('./contract-form').then((m) => ({ default: m.ContractForm })));

const shownDay = (day: string) => formatDay(day);

/** Whether a contract runs today, has not begun or has ended. */
function PeriodBadge({ contract }: { contract: Contract }) {
  const { t } = useTranslation();
  const today = todayLocal();
  const state = today < contract.startDate ? 'upcoming' : today > contract.endDate ? 'ended' : 'running';
  const color = { upcoming: 'blue', running: 'green', ended: 'gray' }[state];
  return (
    <Badge variant="dot" color={color} size="sm">
      {t(`contracts.states.${state}`)}
    </Badge>
  );
}

/** Contract: each contractor's engagements, their period, value, formula and rates. */
export function ContractsPage(listSearch: ListSearchProps<ContractsSearch>) {
  const { t } = useTranslation();
  const calendar = useCalendarProps();
  const { search, onSearchChange } = listSearch;
  const query = useQuery(contractsPage(search));
  const mutations = useCatalogueMutations<Contract, ContractInput, ContractUpdate>('contracts');
  const organizations = useChoices('organizations');
  const zones = useChoices('zones');
  const formulas = useChoices('formulas');
  const { page: _page, limit: _limit, ...exported } = contractsParams(search);
  return (
    <CatalogueListPage<Contract, ContractsSearch>
      {...listSearch}
      url={CONTRACTS_URL}
      entity="contract"
      withActive={false}
      wordsKey="contracts"
      defaultSort={CONTRACTS_SORT}
      nameOf={(c) => c.contractNo}
      query={query}
      update={mutations.update}
      remove={mutations.remove}
      exportButton={{ path: apiPaths.catalogueCsv('contracts'), searchParams: exported, fileName: 'contracts.csv' }}
      formSize="xl"
      filters={
        <>
          <Select
            label={t('contracts.contractor')}
            placeholder={t('catalogue.everyOne')}
            clearable
            searchable
            data={organizations.options(search.contractor)}
            value={search.contractor ? String(search.contractor) : null}
            onChange={(value) => onSearchChange({ contractor: value ? Number(value) : undefined })}
            w={{ base: '100%', sm: 260 }}
          />
          <Select
            label={t('contracts.zone')}
            placeholder={t('catalogue.everyOne')}
            clearable
            data={zones.options(search.zone)}
            value={search.zone ? String(search.zone) : null}
            onChange={(value) => onSearchChange({ zone: value ? Number(value) : undefined })}
            w={{ base: '100%', sm: 200 }}
          />
          <DatePickerInput
            label={t('contracts.runningOn')}
            placeholder={t('contracts.anyDay')}
            valueFormat="DD-MM-YYYY"
            clearable
            clearButtonProps={{ 'aria-label': t('contracts.clearRunningOn') }}
            value={search.activeOn ?? null}
            onChange={(value) => onSearchChange({ activeOn: value ?? undefined })}
            {...calendar}
            w={{ base: '100%', sm: 200 }}
          />
        </>
      }
      columns={[
        {
          accessor: 'contractNo',
          title: t('contracts.contractNo'),
          sortable: true,
          noWrap: true,
        },
        {
          accessor: 'title',
          title: t('contracts.title'),
          sortable: true,
          render: (c) => (
            <Stack gap={0}>
              <Text size="sm" lineClamp={2}>
                {c.title}
              </Text>
              <Text size="xs" c="dimmed">
                {organizations.nameOf(c.organizationId)}
                {c.zoneId ? ` · ${zones.nameOf(c.zoneId) ?? ''}` : ''}
              </Text>
            </Stack>
          ),
        },
        {
          accessor: 'startDate',
          title: t('contracts.period'),
          sortable: true,
          noWrap: true,
          render: (c) => (
            <Stack gap={2}>
              <Text size="sm">
                {shownDay(c.startDate)} – {shownDay(c.endDate)}
              </Text>
              <PeriodBadge contract={c} />
            </Stack>
          ),
        },
        {
          accessor: 'value',
          title: t('contracts.value'),
          sortable: true,
          textAlign: 'right',
          noWrap: true,
          render: (c) => t('formulas.amount', { amount: formatMoney(c.value) }),
        },
        { accessor: 'formulaId', title: t('contracts.formula'), render: (c) => formulas.nameOf(c.formulaId) ?? '—' },
      ]}
      form={(current, onDone) => <ContractForm current={current} mutations={mutations} onDone={onDone} />}
    />
  );
}
