import { menuItems } from '@contract/menu-items';
import { ORGANIZATION_SORT_FIELDS } from '@contract/organization-fields';
import { parseCatalogueListSearch } from '@/lib/list-search';

export const ORGANIZATIONS_URL = menuItems.organization.url;

/** `validateSearch` of Manage Organization: the list's view, and its type and zone filters. */
export const organizationsSearch = (search: Record<string, unknown>) =>
  parseCatalogueListSearch(search, ORGANIZATION_SORT_FIELDS, ['type', 'zone']);
export type OrganizationsSearch = ReturnType<typeof organizationsSearch>;
