/** Zod-free, so the SPA's URL parsing can import it alone. */

/** Sortable user fields; unsorted, by e-mail. */
export const USER_SORT_FIELDS = ['email', 'fullName', 'status', 'createdAt'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
