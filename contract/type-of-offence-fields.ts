/** Zod-free, so the SPA's URL parsing and forms can import it alone. */

/** Sortable offence type fields; `-field` sorts descending. Unsorted, by name. */
export const TYPE_OF_OFFENCE_SORT_FIELDS = ['name', 'defaultRate', 'isActive'] as const;
export type TypeOfOffenceSortField = (typeof TYPE_OF_OFFENCE_SORT_FIELDS)[number];

/** The limits of an offence type's fields; type-of-offences.ts enforces them, the form checks them as the user types. */
export const TYPE_OF_OFFENCE_NAME_MAX = 120;
export const TYPE_OF_OFFENCE_DESCRIPTION_MAX = 1000;
export const TYPE_OF_OFFENCE_RATE_MAX = 1_000_000_000;
