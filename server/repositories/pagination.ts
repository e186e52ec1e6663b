import { sql, type SQLWrapper } from 'drizzle-orm';
import { paginationOf } from '../../domain/lists';
import type { Tx } from '../db/client';

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

/**
 * Every row a query selects, in its order, a batch at a time, through a server-side cursor
 * over their ids: the database sorts once and each fetch carries on where the last ended, so an
 * export costs in proportion to its rows (OFFSET pages cost more the deeper they go) and holds
 * one batch in memory. `orderedIds` selects the ids in the export's order; `rowsOf` reads a
 * batch's rows by id, in any order. The cursor lives as long as the transaction (one per
 * transaction), so an export reads one snapshot.
 */
export async function* cursorBatches<T extends { id: number }>(
  tx: Tx,
  orderedIds: SQLWrapper,
  rowsOf: (ids: number[]) => Promise<T[]>,
): AsyncIterable<T[]> {
  await tx.execute(sql`declare export_ids no scroll cursor for ${orderedIds}`);
  for (;;) {
    const { rows } = await tx.execute<{ id: number }>(sql.raw(`fetch forward ${EXPORT_BATCH} from export_ids`));
    if (rows.length === 0) return;
    const ids = rows.map((row) => Number(row.id));
    const byId = new Map((await rowsOf(ids)).map((row) => [row.id, row]));
    yield ids.map((id) => byId.get(id)!);
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** Each batch's rows turned into what an export writes. */
export async function* mapBatches<R, T>(batches: AsyncIterable<R[]>, toItem: (row: R) => T): AsyncIterable<T[]> {
  for await (const batch of batches) yield batch.map(toItem);
}
