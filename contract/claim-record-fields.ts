/** Zod-free, so the SPA's URL parsing can import it alone. */

/** A claim record's life: a draft is refreshed or deleted; issued, it is billed and immutable; then paid. */
export const CLAIM_STATUSES = ['draft', 'issued', 'paid'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** Days from issue to the invoice's due date. */
export const INVOICE_DUE_DAYS = 30;

/** Sortable claim record fields; `-field` sorts descending. Unsorted, newest month first. */
export const CLAIM_SORT_FIELDS = ['month', 'total', 'status', 'invoiceNo'] as const;
export type ClaimSortField = (typeof CLAIM_SORT_FIELDS)[number];

/** A month as the API takes it: `YYYY-MM`. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
