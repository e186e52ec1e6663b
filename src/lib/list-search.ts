import { LIST_CURSOR_MAX_LENGTH, LIST_Q_MAX } from '@contract/list-limits';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListParams } from './list-params';
import { positiveInt } from './search-params';

/**
 * A list's view as the URL keeps it, so reload, Back and a shared link show the same rows:
 * `q` the filter text, `sort` a field or `-field`, `page`, `size` the page size. Defaults
 * are left out. Parsed, never trusted: a hand-edited or stale value falls back to its default.
 * Every key is named, `undefined` when dropped: the router lays a route's validated search
 * over the URL's raw one, so a key left out would let the raw value through.
 */
export interface ListSearch {
  q?: string;
  sort?: string;
  page?: number;
  size?: number;
  /**
   * A place in a long list (issue 31): the `cursor` of the page after or before a row, or
   * `last`, as the API gave it. `page` is then the page's number as far as it is known.
   */
  at?: string;
  /**
   * The columns put away, by accessor in the table's order (`hide=description,location`), so
   * a saved view keeps the columns it was saved with. The table ignores a name it has not.
   */
  hide?: string;
}

/** Far past any list's last page, short of absurd offsets. */
const PAGE_MAX = 100_000;

export function parseListSearch(search: Record<string, unknown>, sortFields: readonly string[]): ListSearch {
  const out: ListSearch = { q: undefined, sort: undefined, page: undefined, size: undefined, at: undefined, hide: undefined };
  const q = typeof search.q === 'string' ? search.q.trim() : '';
  if (q && q.length <= LIST_Q_MAX) out.q = q;
  const sort = typeof search.sort === 'string' ? search.sort : '';
  if (sortFields.includes(sort.replace(/^-/, ''))) out.sort = sort;
  const page = positiveInt(search.page);
  if (page !== undefined && page > 1 && page <= PAGE_MAX) out.page = page;
  const size = positiveInt(search.size);
  if (size !== undefined && size !== DEFAULT_PAGE_SIZE && PAGE_SIZES.includes(size)) out.size = size;
  out.hide = hiddenColumns(search.hide);
  return out;
}

const COLUMN_NAME = /^[A-Za-z][\w.]{0,39}$/;

/** `hide` as the URL has it: names of columns, each once, at most 30; undefined when none is left. */
export function hiddenColumns(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const names = [...new Set(value.split(',').filter((name) => COLUMN_NAME.test(name)))].slice(0, 30);
  return names.length > 0 ? names.join(',') : undefined;
}

/** What the API is asked for a view: its page, size, order and text. */
export function listParamsOf(search: ListSearch, defaultSort: string): ListParams {
  return {
    page: search.page ?? 1,
    limit: search.size ?? DEFAULT_PAGE_SIZE,
    sort: search.sort ?? defaultSort,
    ...(search.q ? { q: search.q } : {}),
    ...(search.at ? { cursor: search.at } : {}),
  };
}

/**
 * A catalogue's view: the list's own, and whether it shows active or inactive records only
 * (`?show=inactive`: words, which the router does not quote as it quotes `true` and `false`).
 */
export interface CatalogueListSearch extends ListSearch {
  show?: 'active' | 'inactive';
}

/** `ids`: the catalogue's own filters, each a record's id (`?zone=2`). */
export function parseCatalogueListSearch<K extends string = never>(
  search: Record<string, unknown>,
  sortFields: readonly string[],
  ids: readonly K[] = [],
): CatalogueListSearch & Partial<Record<K, number>> {
  const show: CatalogueListSearch['show'] = search.show === 'active' || search.show === 'inactive' ? search.show : undefined;
  const filters = Object.fromEntries(ids.map((key) => [key, positiveInt(search[key])])) as Partial<Record<K, number>>;
  return { ...parseListSearch(search, sortFields), show, ...filters };
}

/** What a catalogue's view asks the API for: its page, order, text and `active`. */
export const cataloguePageParams = (search: CatalogueListSearch, defaultSort: string) => ({
  ...listParamsOf(search, defaultSort),
  ...(search.show ? { active: search.show === 'active' ? 'true' : 'false' } : {}),
});

/** A complaint list's view: the list's own, and its filters. */
export interface ComplaintListSearch extends ListSearch {
  /** Statuses by name, e.g. `submitted,fined`, in status order and once each. */
  status?: string;
  offence?: number;
  contractor?: number;
  /** A day of misconduct, `YYYY-MM-DD` in the user's calendar; `to` is included. */
  from?: string;
  to?: string;
  /**
   * Only submitted complaints whose time to justify has ended (`?overdue=true`), or has not
   * (`?overdue=false`): the dashboard's Overdue and Awaiting justification cards.
   */
  overdue?: boolean;
  /** Only complaints whose photos gave a finding (`?findings=true`). */
  findings?: boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day (no 31 February). */
export function calendarDay(value: unknown): string | undefined {
  if (typeof value !== 'string' || !DAY.test(value)) return undefined;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? value : undefined;
}

/**
 * `statuses`: the names of the statuses the list shows, in status order. Names, not codes,
 * keep the URL readable (`?status=fined`) and free of the router's quoting of numbers.
 */
export function parseComplaintListSearch(
  search: Record<string, unknown>,
  sortFields: readonly string[],
  statuses: readonly string[],
): ComplaintListSearch {
  const out: ComplaintListSearch = {
    ...parseListSearch(search, sortFields),
    status: undefined,
    offence: undefined,
    contractor: undefined,
    from: undefined,
    to: undefined,
    overdue: undefined,
    findings: undefined,
  };
  const asked = typeof search.status === 'string' ? search.status.split(',') : [];
  const status = statuses.filter((s) => asked.includes(s));
  if (status.length > 0 && status.length < statuses.length) out.status = status.join(',');
  const offence = positiveInt(search.offence);
  if (offence !== undefined) out.offence = offence;
  const contractor = positiveInt(search.contractor);
  if (contractor !== undefined) out.contractor = contractor;
  const from = calendarDay(search.from);
  const to = calendarDay(search.to);
  if (from) out.from = from;
  // A period that ends before it starts keeps its start only.
  if (to && (!from || to >= from)) out.to = to;
  // The router may hand `true` back as a boolean or as the text it was typed as.
  if (search.overdue === true || search.overdue === 'true') out.overdue = true;
  else if (search.overdue === false || search.overdue === 'false') out.overdue = false;
  if (search.findings === true || search.findings === 'true') out.findings = true;
  // Only complaint lists are paged by place.
  if (typeof search.at === 'string' && search.at.length <= LIST_CURSOR_MAX_LENGTH && /^[\w-]+$/.test(search.at)) out.at = search.at;
  return out;
}

/** The instant a day (`YYYY-MM-DD`, plus `days` more) begins in the user's own time zone. */
export function startOfDay(day: string, days = 0) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + days).toISOString();
}

/** A change of view: an explicit `undefined` goes back to the default. */
export type SearchChange<S> = { [K in keyof S]?: S[K] | undefined };

/** Changes that leave the rows as they are: the page stays. */
const SAME_ROWS = ['page', 'at', 'hide'];

/**
 * The next view: the change applied, defaults and empty values dropped, and the first page
 * again whenever anything but the page, the place or the columns shown changes.
 */
export function nextSearch<S extends ListSearch>(current: S, change: SearchChange<S>): S {
  const merged: Record<string, unknown> = { ...current, ...change };
  const sameRows = Object.keys(change).every((key) => SAME_ROWS.includes(key));
  if (!('page' in change) && !sameRows) delete merged.page;
  if (!('at' in change) && !sameRows) delete merged.at;
  for (const [key, value] of Object.entries(merged))
    if (value === undefined || value === '' || (key === 'page' && value === 1)) delete merged[key];
  return merged as S;
}
