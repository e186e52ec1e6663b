/** PRODUCT.md complaint states; zod-free so the SPA, fixtures and server can all import it. */
export const COMPLAINT_STATUS_TEXT = {
  1: 'Submitted',
  2: 'Justified',
  3: 'Fined',
  4: 'Waived',
} as const;

/** 1 Submitted, 2 Justified, 3 Fined, 4 Waived (PRODUCT.md, complaint states). */
export const COMPLAINT_STATUS = { submitted: 1, justified: 2, fined: 3, waived: 4 } as const;

export type ComplaintStatusCode = keyof typeof COMPLAINT_STATUS_TEXT;

/** Sortable complaint list fields; `-field` sorts descending. */
export const COMPLAINT_SORT_FIELDS = [
  'refNo',
  'dateOfMisconduct',
  'createdAt',
  'description',
  'offender',
  'location',
  'qty',
  'status',
] as const;
