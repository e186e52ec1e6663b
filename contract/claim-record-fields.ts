/** Zod-free, so the SPA's URL parsing can import it alone. */

/** A claim record's life: a draft is refreshed or deleted; issued, it is billed and immutable; then paid. */
export const CLAIM_STATUSES = ['draft', 'issued', 'paid'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** Days from issue to the invoice's due date. */
export const INVOICE_DUE_DAYS = 30;
