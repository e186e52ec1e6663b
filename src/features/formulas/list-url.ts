import { FORMULA_SORT_FIELDS } from '@contract/formula-fields';
import { menuItems } from '@contract/menu-items';
import { parseCatalogueListSearch } from '@/lib/list-search';

export const FORMULAS_URL = menuItems.formula.url;

/** `validateSearch` of Manage Formula: the list's view (page, size, sort, filter, active). */
export const formulasSearch = (search: Record<string, unknown>) => parseCatalogueListSearch(search, FORMULA_SORT_FIELDS);
export type FormulasSearch = ReturnType<typeof formulasSearch>;
