/** Zod-free, so the SPA's URL parsing can import it alone. */

/** Sortable contract fields; `-field` sorts descending. Unsorted, by contract number. */
export const CONTRACT_SORT_FIELDS = ['contractNo', 'title', 'startDate', 'endDate', 'value'] as const;
export type ContractSortField = (typeof CONTRACT_SORT_FIELDS)[number];

/** The days a contractor has to justify a complaint, unless its contract says otherwise. */
export const DEFAULT_JUSTIFICATION_DAYS = 7;
