import type { COMPLAINT_SORT_FIELDS } from '../contract/complaint-status';
import type { Pagination } from '../contract/envelope';
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
    ties: 'newestFirst' as Ties,
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

/**
 * The order a list's `sort` gives, as the database gives it: text by code point (the
 * database's "C" collation), dates as instants, false before true, null after every value
 * (so first when descending). Ties go by id in the same direction, or newest id first where
 * the list says so. For stores that sort in memory.
 */
export function listOrder<T extends { id: number }, F extends string>(
  sort: ListSort<F>,
  valueOf: (row: T, field: F) => SortValue,
  ties: Ties = 'same',
) {
  const direction = sort.descending ? -1 : 1;
  const tieDirection = ties === 'newestFirst' ? -1 : direction;
  return (a: T, b: T) => {
    const [left, right] = [valueOf(a, sort.field), valueOf(b, sort.field)];
    const order = left === right ? 0 : left === null ? 1 : right === null ? -1 : left < right ? -1 : left > right ? 1 : 0;
    return direction * order || tieDirection * (a.id - b.id);
  };
}

/** An ISO time as an instant, so times written with other offsets sort where they belong. */
export const instant = (iso: string) => Date.parse(iso);
