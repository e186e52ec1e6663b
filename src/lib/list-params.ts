/** SPEC §9: the screens that fetch a whole list (history, offence types) take 1000 rows at a time. */
export const FETCH_LIMIT = 1000;

/** SPEC §9: tables show 10 rows a page by default, with these choices. */
export const PAGE_SIZES = [5, 10, 20, 50];
export const DEFAULT_PAGE_SIZE = 10;
/** A filter is sent once the typing pauses this long. */
export const FILTER_DEBOUNCE_MS = 300;

/** What a list call takes: `sort` is the field, `-field` descending. */
export interface ListParams {
  page: number;
  limit: number;
  sort: string;
  q?: string;
}

/** Search params without the ones left unset, as ky wants them. */
export const definedParams = (params: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Record<string, string | number>;
