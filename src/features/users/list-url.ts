import { menuItems } from '@contract/menu-items';
import { USER_SORT_FIELDS } from '@contract/user-fields';
import { parseListSearch, type ListSearch } from '@/lib/list-search';
import { positiveInt } from '@/lib/search-params';

export const USERS_URL = menuItems.user.url;
const STATUSES = ['pending', 'active', 'disabled'] as const;

/** The Users screen's view in the URL: the list's own, and its status, user type and organisation. */
export interface UsersSearch extends ListSearch {
  status?: (typeof STATUSES)[number];
  type?: number;
  organization?: number;
}

export function usersSearch(search: Record<string, unknown>): UsersSearch {
  return {
    ...parseListSearch(search, USER_SORT_FIELDS),
    status: STATUSES.find((s) => s === search.status),
    type: positiveInt(search.type),
    organization: positiveInt(search.organization),
  };
}
