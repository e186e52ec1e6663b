/** Zod-free, so the SPA's URL parsing can import it alone. */

/** Sortable offence type fields; `-field` sorts descending. Unsorted, by name. */
export const TYPE_OF_OFFENCE_SORT_FIELDS = ['name', 'defaultRate', 'isActive'] as const;
export type TypeOfOffenceSortField = (typeof TYPE_OF_OFFENCE_SORT_FIELDS)[number];
