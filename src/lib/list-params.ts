import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from '@contract/list-limits';

/** SPEC §9: the screens that fetch a whole list (history, offence types) take the most rows a call may. */
export const FETCH_LIMIT = LIST_LIMIT_MAX;

/** SPEC §9: tables show as many rows a page as a list gives unasked, with these choices. */
export const PAGE_SIZES = [5, 10, 20, 50];
export const DEFAULT_PAGE_SIZE = LIST_LIMIT_DEFAULT;
/** A filter is sent once the typing pauses this long. */
export const FILTER_DEBOUNCE_MS = 300;

/** What a list call takes: `sort` is the field, `-field` descending. */
export interface ListParams {
  page: number;
  limit: number;
  sort: string;
  q?: string;
  /** A place in the list (`ListSearch.at`), for the lists paged by place. */
  cursor?: string;
}

/** Search params without the ones left unset, as ky wants them. */
export const definedParams = (params: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Record<string, string | number>;
