/** Zod-free, so the SPA's URL parsing can import it alone. */

/** Sortable formula fields; `-field` sorts descending. Unsorted, by name. */
export const FORMULA_SORT_FIELDS = ['name', 'active'] as const;
export type FormulaSortField = (typeof FORMULA_SORT_FIELDS)[number];
