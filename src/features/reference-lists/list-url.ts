import { menuItems } from '@contract/menu-items';
import { REFERENCE_SORT_FIELDS, type ReferenceListKey } from '@contract/reference-list-fields';
import { parseCatalogueListSearch } from '@/lib/list-search';

/** `validateSearch` of every reference list's route (apart from the API side: the route tree every page loads has it). */
export const referenceListSearch = (search: Record<string, unknown>) => parseCatalogueListSearch(search, REFERENCE_SORT_FIELDS);

/** Each list's screen (its menu item, which the matrix names) and how the audit trail names its records. */
export const REFERENCE_SCREENS = {
  'account-types': { url: menuItems.type.url, entity: 'account-type' },
  'user-types': { url: menuItems.userType.url, entity: 'user-type' },
  positions: { url: menuItems.position.url, entity: 'position' },
  zones: { url: menuItems.zone.url, entity: 'zone' },
  'organization-types': { url: menuItems.organizationType.url, entity: 'organization-type' },
} as const satisfies Record<ReferenceListKey, { url: string; entity: string }>;
