/** Zod-free, so the SPA's URL parsing can import it alone. */

/** A claim record's life: a draft is refreshed or deleted; issued, it is billed and immutable; then paid. */
export const CLAIM_STATUSES = ['draft', 'issued', 'paid'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** What each move of a claim record needs it to be, and what it leaves it. */
export const CLAIM_MOVES = {
  refresh: { from: 'draft', to: 'draft' },
  issue: { from: 'draft', to: 'issued' },
  delete: { from: 'draft', to: null },
  pay: { from: 'issued', to: 'paid' },
} as const satisfies Record<string, { from: ClaimStatus; to: ClaimStatus | null }>;
export type ClaimMove = keyof typeof CLAIM_MOVES;

/** Whether a record in this status can take the move (the SPA offers it; the back ends decide it). */
export const claimAllows = (status: ClaimStatus, move: ClaimMove) => CLAIM_MOVES[move].from === status;

/** The longest payment reference a record keeps. */
export const PAYMENT_REFERENCE_MAX = 100;

/** Unsorted, a claim record list puts the newest month first. */
export const CLAIM_FIRST_SORT = { field: 'month', descending: true } as const;

/** Days from issue to the invoice's due date. */
export const INVOICE_DUE_DAYS = 30;

/** Sortable claim record fields; `-field` sorts descending. Unsorted, newest month first. */
export const CLAIM_SORT_FIELDS = ['month', 'total', 'status', 'invoiceNo'] as const;
export type ClaimSortField = (typeof CLAIM_SORT_FIELDS)[number];

/** A month as the API takes it: `YYYY-MM`. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
