/** Zod-free, so the SPA's URL parsing and forms can import it alone. */

/** Sortable contract fields; `-field` sorts descending. Unsorted, by contract number. */
export const CONTRACT_SORT_FIELDS = ['contractNo', 'title', 'startDate', 'endDate', 'value'] as const;
export type ContractSortField = (typeof CONTRACT_SORT_FIELDS)[number];

/** The days a contractor has to justify a complaint, unless its contract says otherwise. */
export const DEFAULT_JUSTIFICATION_DAYS = 7;

/** The limits of a contract's fields; contracts.ts enforces them, the contract form checks them as the user types. */
export const CONTRACT_NO_MAX = 60;
export const CONTRACT_TITLE_MAX = 200;
export const JUSTIFICATION_DAYS_MIN = 1;
export const JUSTIFICATION_DAYS_MAX = 365;
