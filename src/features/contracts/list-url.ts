import { CONTRACT_SORT_FIELDS } from '@contract/contract-fields';
import { menuItems } from '@contract/menu-items';
import { calendarDay, parseCatalogueListSearch } from '@/lib/list-search';

export const CONTRACTS_URL = menuItems.contract.url;

/** `validateSearch` of Contract: the list's view, its contractor and zone, and a day the contracts run on. */
export function contractsSearch(search: Record<string, unknown>) {
  const { show: _show, ...view } = parseCatalogueListSearch(search, CONTRACT_SORT_FIELDS, ['contractor', 'zone']);
  return { ...view, show: undefined, activeOn: calendarDay(search.activeOn) };
}
export type ContractsSearch = ReturnType<typeof contractsSearch>;
