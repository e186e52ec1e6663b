import type { ReferenceListKey } from '@contract/reference-list-fields';
import { catalogueQueries } from '@/lib/catalogue-queries';
import { cataloguePageParams, type CatalogueListSearch } from '@/lib/list-search';
import type { Reference } from '@contract';

/** The lists start in name order. */
export const REFERENCE_SORT = 'name';

/** The page a view shows, for a route loader to fetch ahead. */
export const referenceListPage = (key: ReferenceListKey, search: CatalogueListSearch) =>
  catalogueQueries.page<Reference>(key, cataloguePageParams(search, REFERENCE_SORT));
