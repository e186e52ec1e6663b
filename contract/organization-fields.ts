/** Zod-free, so the SPA's URL parsing and forms can import it alone. */

/** Sortable organisation fields; unsorted, by name. */
export const ORGANIZATION_SORT_FIELDS = ['name', 'registrationNo', 'active'] as const;
export type OrganizationSortField = (typeof ORGANIZATION_SORT_FIELDS)[number];

/** The limits of an organisation's fields; organizations.ts enforces them, the form checks them as the user types. */
export const ORGANIZATION_NAME_MAX = 200;
export const REGISTRATION_NO_MAX = 60;
export const ORGANIZATION_ADDRESS_MAX = 500;
export const ORGANIZATION_PHONE_MAX = 40;

/** Sortable persona fields; unsorted, by full name. */
export const PERSONA_SORT_FIELDS = ['fullName', 'staffNo', 'active'] as const;
export type PersonaSortField = (typeof PERSONA_SORT_FIELDS)[number];

/** The limits of a persona's fields beside its full name (FULL_NAME_MAX, as a user's); personas.ts enforces them. */
export const STAFF_NO_MAX = 40;
export const PERSONA_PHONE_MAX = 40;
