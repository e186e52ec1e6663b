/** Zod-free, so the SPA's URL parsing, menus and forms can import it alone. */

/**
 * The reference lists of PRODUCT.md "Administration": each at `/api/v1/<key>`, the same
 * shape `{ id, code, name, description, active }`, managed on its own screen.
 */
export const REFERENCE_LIST_KEYS = ['account-types', 'user-types', 'positions', 'zones', 'organization-types'] as const;
export type ReferenceListKey = (typeof REFERENCE_LIST_KEYS)[number];

/** Sortable reference fields; `-field` sorts descending. Unsorted, by name. */
export const REFERENCE_SORT_FIELDS = ['name', 'code', 'active'] as const;
export type ReferenceSortField = (typeof REFERENCE_SORT_FIELDS)[number];

/** A list's `active` filter: `true` the active rows, `false` the inactive, absent both. */
export const ACTIVE_FILTERS = ['true', 'false'] as const;
export type ActiveFilter = (typeof ACTIVE_FILTERS)[number];

/** The limits of a reference's fields; reference-lists.ts enforces them, the form checks them as the user types. */
export const REFERENCE_CODE_MAX = 20;
export const REFERENCE_NAME_MAX = 120;
export const REFERENCE_DESCRIPTION_MAX = 500;
/** A reference's code: letters, digits, - and _ only. */
export const REFERENCE_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
