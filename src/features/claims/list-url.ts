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
  /** The record whose detail is open. */
  open?: number;
}

export function claimsSearch(search: Record<string, unknown>): ClaimsSearch {
  return {
    ...parseListSearch(search, CLAIM_SORT_FIELDS),
    status: CLAIM_STATUSES.find((s) => s === search.status),
    contract: positiveInt(search.contract),
    month: typeof search.month === 'string' && MONTH_PATTERN.test(search.month) ? search.month : undefined,
    open: positiveInt(search.open),
  };
}
