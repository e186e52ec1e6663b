import type { Persona } from '@contract';
import { catalogueQueries } from '@/lib/catalogue-queries';
import { cataloguePageParams } from '@/lib/list-search';
import type { PersonasSearch } from './list-url';

export const PERSONAS_SORT = 'fullName';

export const personasParams = (search: PersonasSearch) => ({
  ...cataloguePageParams(search, PERSONAS_SORT),
  organizationId: search.organization,
  accountTypeId: search.type,
});

/** The page a view shows, for a route loader to fetch ahead. */
export const personasPage = (search: PersonasSearch) => catalogueQueries.page<Persona>('personas', personasParams(search));
