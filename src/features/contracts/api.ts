import type { Contract } from '@contract';
import { catalogueQueries } from '@/lib/catalogue-queries';
import { listParamsOf } from '@/lib/list-search';
import type { ContractsSearch } from './list-url';

export const CONTRACTS_SORT = 'contractNo';

export const contractsParams = (search: ContractsSearch) => ({
  ...listParamsOf(search, CONTRACTS_SORT),
  organizationId: search.contractor,
  zoneId: search.zone,
  activeOn: search.activeOn,
});

/** The page a view shows, for a route loader to fetch ahead. */
export const contractsPage = (search: ContractsSearch) => catalogueQueries.page<Contract>('contracts', contractsParams(search));
