import { menuItems } from '@contract/menu-items';
import { PERSONA_SORT_FIELDS } from '@contract/organization-fields';
import { parseCatalogueListSearch } from '@/lib/list-search';

export const PERSONAS_URL = menuItems.persona.url;

/** `validateSearch` of Manage Persona: the list's view, and its organisation and type filters. */
export const personasSearch = (search: Record<string, unknown>) =>
  parseCatalogueListSearch(search, PERSONA_SORT_FIELDS, ['organization', 'type']);
export type PersonasSearch = ReturnType<typeof personasSearch>;
