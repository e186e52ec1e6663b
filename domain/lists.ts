import type { COMPLAINT_SORT_FIELDS } from '../contract/complaint-status';
import type { Pagination } from '../contract/envelope';
import type { PlacedPagination } from '../contract/placed-lists';
import { EXACT_TOTAL_MAX, LAST_PAGE_CURSOR } from '../contract/list-limits';
import { NOTIFICATION_READ, type NotificationSortField } from '../contract/notifications';
import { problems } from './problems';

/** A list's order: one of its contract's sortable fields, ascending or descending. */
export interface ListSort<F extends string> {
  field: F;
  descending: boolean;
}

/** A list's `sort`: `field`, or `-field` for descending, over the fields its contract allows; 400 otherwise. */
export function parseSort<F extends string>(sort: string | undefined, fields: readonly F[]): ListSort<F> | undefined {
  if (!sort) return undefined;
  const descending = sort.startsWith('-');
  const field = descending ? sort.slice(1) : sort;
  if (!(fields as readonly string[]).includes(field)) throw problems.badSort(fields);
  return { field: field as F, descending };
}

export function paginationOf(page: number, limit: number, totalRow: number): Pagination {
  return { page, limit, totalRow, totalPage: Math.ceil(totalRow / limit) };
}

/** Rows to skip and take for a page. */
export function pageOf(page: number, limit: number) {
  return { offset: (page - 1) * limit, limit };
}

/**
 * The total a page by number shows without counting: a page read with one row more than its
 * limit that came back short, and not empty past the first, ends the list, so every match lies
 * at or before it. Undefined when it cannot tell (a full page, or one past the end).
 */
export function totalOfLastPage(page: number, limit: number, rowsRead: number): number | undefined {
  if (rowsRead > limit || (rowsRead === 0 && page > 1)) return undefined;
  return pageOf(page, limit).offset + rowsRead;
}

/** One page of rows already filtered and ordered, with the totals of them all. */
export function pageRows<T>(rows: readonly T[], { page, limit }: { page: number; limit: number }) {
  const { offset } = pageOf(page, limit);
  return { items: rows.slice(offset, offset + limit), pagination: paginationOf(page, limit, rows.length) };
}

/** `q`: a piece of any of these texts, whatever its case. */
export function containsText(q: string | undefined, ...texts: string[]): boolean {
  if (!q) return true;
  const needle = q.toLowerCase();
  return texts.some((text) => text.toLowerCase().includes(needle));
}

/** How ties of the sort field are broken: by id the same way, or newest id first whatever the sort. */
export type Ties = 'same' | 'newestFirst';

/** Each list's order when no `sort` is asked, its ties, and the texts its `q` searches. */
export const LIST_RULES = {
  complaints: {
    first: { field: 'createdAt', descending: true } as ListSort<(typeof COMPLAINT_SORT_FIELDS)[number]>,
    // The same way as the sort (issue 31): one index on (field, id) serves a page by place either way.
    ties: 'same' as Ties,
    searchIn: ['refNo', 'description', 'offender', 'location'] as const,
  },
  notifications: {
    first: { field: 'createdAt', descending: true } as ListSort<NotificationSortField>,
    ties: 'same' as Ties,
    searchIn: ['title', 'description'] as const,
  },
  /** Always newest first. */
  mail: {
    searchIn: ['to', 'subject'] as const,
  },
};

/** The read state a notification list's `isRead` asks for: null for either. */
export const readStateAsked = (isRead: number): boolean | null =>
  isRead === NOTIFICATION_READ.all ? null : isRead === NOTIFICATION_READ.read;

/** Whether a row matches `q`: a piece of any text the list searches, whatever its case. */
export function matchesSearch<K extends string>(q: string | undefined, searchIn: readonly K[], row: Record<K, string | null>): boolean {
  return containsText(q, ...searchIn.map((field) => row[field] ?? ''));
}

type SortValue = string | number | boolean | null;

/** A row's place in a list's order: its sort value, then its id. */
export interface ListKey {
  value: SortValue;
  id: number;
}

/**
 * The order a list's `sort` gives, as the database gives it: text by code point (the
 * database's "C" collation), dates as instants, false before true, null after every value
 * (so first when descending). Ties go by id in the same direction, or newest id first where
 * the list says so.
 */
export function compareKeys(sort: ListSort<string>, ties: Ties, a: ListKey, b: ListKey): number {
  const direction = sort.descending ? -1 : 1;
  const tieDirection = ties === 'newestFirst' ? -1 : direction;
  const [left, right] = [a.value, b.value];
  const order = left === right ? 0 : left === null ? 1 : right === null ? -1 : left < right ? -1 : left > right ? 1 : 0;
  return direction * order || tieDirection * (a.id - b.id);
}

/** `compareKeys` over rows, for stores that sort in memory. */
export function listOrder<T extends { id: number }, F extends string>(
  sort: ListSort<F>,
  valueOf: (row: T, field: F) => SortValue,
  ties: Ties = 'same',
) {
  return (a: T, b: T) => compareKeys(sort, ties, { value: valueOf(a, sort.field), id: a.id }, { value: valueOf(b, sort.field), id: b.id });
}

export { EXACT_TOTAL_MAX };

/** The `cursor` that asks for a list's last page. */
export const LAST_PAGE = LAST_PAGE_CURSOR;

/** A place in a list, as `cursor` asks for it: the page after or before a row of an order, or the last page. */
export type ListPlace = { at: 'after' | 'before'; sort: string; key: ListKey } | { at: 'last' };

/** `sort` as the query writes it: `field` or `-field`. */
const sortText = (sort: ListSort<string>) => `${sort.descending ? '-' : ''}${sort.field}`;

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The `cursor` of the page after or before a row: its order, sort value and id, opaque to the client. */
export function placeCursor(at: 'after' | 'before', sort: ListSort<string>, key: ListKey): string {
  return toBase64Url(JSON.stringify([at === 'after' ? 'a' : 'b', sortText(sort), key.value, key.id]));
}

/** A `cursor` read back for the list's order; 400 when it is not one a list gave, or another order's. */
export function readCursor(cursor: string | undefined, sort: ListSort<string>): ListPlace | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  if (cursor === LAST_PAGE) return { at: 'last' };
  let parts: unknown;
  try {
    parts = JSON.parse(fromBase64Url(cursor));
  } catch {
    throw problems.badCursor();
  }
  if (!Array.isArray(parts) || parts.length !== 4) throw problems.badCursor();
  const [at, order, value, id] = parts as unknown[];
  const valueOk = value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
  if ((at !== 'a' && at !== 'b') || order !== sortText(sort) || !valueOk || !Number.isSafeInteger(id)) throw problems.badCursor();
  return { at: at === 'a' ? 'after' : 'before', sort: order, key: { value: value as SortValue, id: id as number } };
}

/**
 * A page of rows already filtered and in the list's order, by number or by place, with its
 * neighbours' places: what a store that holds its rows in memory answers (it counts exactly,
 * and past `EXACT_TOTAL_MAX` calls its total an estimate, as the server does).
 */
export function placedPage<T extends { id: number }>(
  rows: readonly T[],
  { page, limit, place }: { page: number; limit: number; place: ListPlace | undefined },
  order: { sort: ListSort<string>; ties: Ties; keyOf: (row: T) => ListKey },
): { items: T[]; pagination: PlacedPagination } {
  const { sort, ties, keyOf } = order;
  /** The first row at or past the place (`inclusive`), or past it, in the list's order. */
  const firstFrom = (key: ListKey, inclusive: boolean) => {
    const index = rows.findIndex((row) => compareKeys(sort, ties, keyOf(row), key) >= (inclusive ? 0 : 1));
    return index === -1 ? rows.length : index;
  };
  let start: number;
  let end: number;
  if (place === undefined) [start, end] = [pageOf(page, limit).offset, pageOf(page, limit).offset + limit];
  else if (place.at === 'last') [start, end] = [Math.max(0, rows.length - limit), rows.length];
  else if (place.at === 'after') {
    start = firstFrom(place.key, false);
    end = start + limit;
  } else {
    end = firstFrom(place.key, true);
    start = Math.max(0, end - limit);
  }
  const items = rows.slice(start, end);
  const moreBeyond = place?.at === 'before' || place?.at === 'last' ? start > 0 : start + items.length < rows.length;
  const ends = { first: items[0] && keyOf(items[0]), last: items.at(-1) && keyOf(items.at(-1)!) };
  return {
    items,
    pagination: {
      ...paginationOf(page, limit, rows.length),
      // Counted exactly, and said as the server says an estimate, so both behave alike.
      totalEstimated: rows.length > EXACT_TOTAL_MAX,
      ...neighbourPlaces({ page, place, sort }, ends, moreBeyond),
    },
  };
}

/**
 * The places of a page's neighbours, from how it was asked, its first and last rows, and
 * whether rows lie beyond it the way it was read (onwards for a page by number or after a
 * place; backwards for a page before a place, or the last).
 */
export function neighbourPlaces(
  { page, place, sort }: { page: number; place: ListPlace | undefined; sort: ListSort<string> },
  { first, last }: { first: ListKey | undefined; last: ListKey | undefined },
  moreBeyond: boolean,
): { next: string | null; previous: string | null } {
  const after = (key: ListKey | undefined) => (key ? placeCursor('after', sort, key) : null);
  const before = (key: ListKey | undefined) => (key ? placeCursor('before', sort, key) : LAST_PAGE);
  if (place === undefined) return { next: moreBeyond ? after(last) : null, previous: page > 1 ? before(first) : null };
  if (place.at === 'after') return { next: moreBeyond ? after(last) : null, previous: before(first) };
  return { next: place.at === 'before' ? after(last) : null, previous: moreBeyond ? before(first) : null };
}

/** An ISO time as an instant, so times written with other offsets sort where they belong. */
export const instant = (iso: string) => Date.parse(iso);
