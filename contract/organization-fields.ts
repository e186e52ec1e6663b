/** Zod-free, so the SPA's URL parsing can import it alone. */

/** Sortable organisation fields; unsorted, by name. */
export const ORGANIZATION_SORT_FIELDS = ['name', 'registrationNo', 'active'] as const;
export type OrganizationSortField = (typeof ORGANIZATION_SORT_FIELDS)[number];

/** Sortable persona fields; unsorted, by full name. */
export const PERSONA_SORT_FIELDS = ['fullName', 'staffNo', 'active'] as const;
export type PersonaSortField = (typeof PERSONA_SORT_FIELDS)[number];
