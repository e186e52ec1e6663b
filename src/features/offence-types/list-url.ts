import { TYPE_OF_OFFENCE_SORT_FIELDS } from '@contract/type-of-offence-fields';
import { parseListSearch } from '@/lib/list-search';

/** `validateSearch` of the list's route (apart from the API side: the route tree every page loads has it). */
export const offenceTypesSearch = (search: Record<string, unknown>) => parseListSearch(search, TYPE_OF_OFFENCE_SORT_FIELDS);
