import type { Organization } from '@contract';
import { catalogueQueries } from '@/lib/catalogue-queries';
import { cataloguePageParams } from '@/lib/list-search';
import type { OrganizationsSearch } from './list-url';

export const ORGANIZATIONS_SORT = 'name';

export const organizationsParams = (search: OrganizationsSearch) => ({
  ...cataloguePageParams(search, ORGANIZATIONS_SORT),
  organizationTypeId: search.type,
  zoneId: search.zone,
});

/** The page a view shows, for a route loader to fetch ahead. */
export const organizationsPage = (search: OrganizationsSearch) =>
  catalogueQueries.page<Organization>('organizations', organizationsParams(search));
