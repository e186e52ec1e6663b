/** Zod-free, so the SPA's URL parsing and menus can import it alone. */

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
