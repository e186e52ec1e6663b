import { CLAIM_SORT_FIELDS, CLAIM_STATUSES, MONTH_PATTERN, type ClaimStatus } from '@contract/claim-record-fields';
import { menuItems } from '@contract/menu-items';
import { parseListSearch, type ListSearch } from '@/lib/list-search';
import { positiveInt } from '@/lib/search-params';

export const CLAIMS_URL = menuItems.claimRecord.url;

/** Claim Record's view in the URL: the list's own, its status, contract and month, and the record open in detail. */
export interface ClaimsSearch extends ListSearch {
  status?: ClaimStatus;
  contract?: number;
  /** `YYYY-MM`. */
  month?: string;
  /** Months from and to, both included, `YYYY-MM` (the dashboard's links). */
  from?: string;
  to?: string;
  /** The record whose detail is open. */
  open?: number;
}

const monthOf = (value: unknown) => (typeof value === 'string' && MONTH_PATTERN.test(value) ? value : undefined);

export function claimsSearch(search: Record<string, unknown>): ClaimsSearch {
  return {
    ...parseListSearch(search, CLAIM_SORT_FIELDS),
    status: CLAIM_STATUSES.find((s) => s === search.status),
    contract: positiveInt(search.contract),
    month: monthOf(search.month),
    from: monthOf(search.from),
    to: monthOf(search.to),
    open: positiveInt(search.open),
  };
}
