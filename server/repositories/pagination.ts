import { sql, type SQLWrapper } from 'drizzle-orm';
import { paginationOf } from '../../domain/lists';

/** `q` as an ILIKE pattern: a substring, its own `%`, `_` and `\` taken literally. */
export function containing(q: string) {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The filtered total on every row of a page, from a `count()` query over the same filter: list
 * and total in one round trip. A scalar subquery, not `count(*) over()`, which would read and
 * hold every matching row before LIMIT; this counts from an index and reads only the page.
 */
export const totalOf = (countQuery: SQLWrapper) => sql<number>`${countQuery}`.mapWith(Number);

/**
 * A page from rows that carry `total` (see `totalOf`). A page past the end has no row to
 * carry it, and only then is the total counted on its own.
 */
export async function pageWithTotal<R extends { total: number }, T>(
  rows: R[],
  { page, limit }: { page: number; limit: number },
  toItem: (row: R) => T,
  countAll: () => Promise<number>,
) {
  const totalRow = rows[0]?.total ?? (page > 1 ? await countAll() : 0);
  return { items: rows.map(toItem), pagination: paginationOf(page, limit, totalRow) };
}

/** Rows an export reads at a time. */
const EXPORT_BATCH = 1000;

/** Every page of a list, one after another, until a page comes back short: for a stream. */
export async function* inBatches<T>(readPage: (page: { page: number; limit: number }) => Promise<T[]>) {
  for (let page = 1; ; page++) {
    const items = await readPage({ page, limit: EXPORT_BATCH });
    yield items;
    if (items.length < EXPORT_BATCH) return;
  }
}
