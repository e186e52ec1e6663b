import type { Formula } from '@contract';
import { catalogueQueries } from '@/lib/catalogue-queries';
import { cataloguePageParams } from '@/lib/list-search';
import type { FormulasSearch } from './list-url';

export const FORMULAS_SORT = 'name';

/** The page a view shows, for a route loader to fetch ahead. */
export const formulasPage = (search: FormulasSearch) =>
  catalogueQueries.page<Formula>('formulas', cataloguePageParams(search, FORMULAS_SORT));
