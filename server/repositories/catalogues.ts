import { and, asc, count, desc, eq, getTableColumns, getTableName, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ActiveFilter } from '../../contract/reference-list-fields';
import type { AnyCatalogueRules, UseKind } from '../../domain/catalogues';
import { pageOf, type ListSort } from '../../domain/lists';
import type { DbOrTx, Tx } from '../db/client';
import { containing, cursorBatches, pageWithTotal, totalOf } from './pagination';

/** Where a catalogue lives: its table, each API field's column, and the columns that point at it. */
export interface CatalogueTable {
  table: PgTable;
  columns: Readonly<Record<string, PgColumn>> & { id: PgColumn };
  usedBy: Readonly<Partial<Record<UseKind, PgColumn>>>;
}

type Row = Record<string, unknown> & { id: number };

export interface CatalogueListQuery {
  page: number;
  limit: number;
  sort: ListSort<string>;
  q?: string;
  active?: ActiveFilter;
  /** The catalogue's own exact filters (`rules.filters`), e.g. `{ zoneId: 2 }`. */
  where?: Readonly<Record<string, number | undefined>>;
}

function filterOf(
  { columns }: CatalogueTable,
  rules: AnyCatalogueRules,
  { q, active, where }: Pick<CatalogueListQuery, 'q' | 'active' | 'where'>,
) {
  const filters: (SQL | undefined)[] = [];
  if (q) filters.push(or(...rules.searchIn.map((field) => ilike(columns[field]!, containing(q)))));
  if (active) filters.push(eq(columns[rules.activeField]!, active === 'true'));
  for (const field of rules.filters ?? []) if (where?.[field] !== undefined) filters.push(eq(columns[field]!, where[field]));
  return and(...filters);
}

/** The list's order: its sort field, ties by id the same way. */
function orderOf({ columns }: CatalogueTable, sort: ListSort<string>) {
  const direction = sort.descending ? desc : asc;
  return [direction(columns[sort.field]!), direction(columns.id)];
}

/** One page in the list's order, with the filtered total. */
export async function listCatalogue(db: DbOrTx, where: CatalogueTable, rules: AnyCatalogueRules, query: CatalogueListQuery) {
  const filter = filterOf(where, rules, query);
  const counted = () => db.select({ n: count() }).from(where.table).where(filter);
  const rows = await db
    .select({ ...where.columns, total: totalOf(counted()) })
    .from(where.table)
    .where(filter)
    .orderBy(...orderOf(where, query.sort))
    .limit(query.limit)
    .offset(pageOf(query.page, query.limit).offset);
  return pageWithTotal(
    rows as (Row & { total: number })[],
    query,
    ({ total: _total, ...row }) => row as Row,
    async () => (await counted())[0]?.n ?? 0,
  );
}

/** Every record a list query matches, in its order, a batch at a time: for a stream (see `cursorBatches`). */
export function exportCatalogue(
  tx: Tx,
  where: CatalogueTable,
  rules: AnyCatalogueRules,
  query: Omit<CatalogueListQuery, 'page' | 'limit'>,
) {
  const ids = tx
    .select({ id: where.columns.id })
    .from(where.table)
    .where(filterOf(where, rules, query))
    .orderBy(...orderOf(where, query.sort));
  return cursorBatches(
    tx,
    ids,
    async (batch) => (await tx.select(where.columns).from(where.table).where(inArray(where.columns.id, batch))) as Row[],
  );
}

/** The record, locked until the transaction ends when `lock`. */
export async function findCatalogueRow(tx: DbOrTx, where: CatalogueTable, id: number, lock = false): Promise<Row | null> {
  const query = tx.select(where.columns).from(where.table).where(eq(where.columns.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return (row as Row | undefined) ?? null;
}

/** Other records holding one of these unique values, whatever its case. */
export async function clashingRows(
  tx: DbOrTx,
  where: CatalogueTable,
  rules: Pick<AnyCatalogueRules, 'unique'>,
  values: Readonly<Record<string, unknown>>,
  exceptId?: number,
) {
  const asked = rules.unique.filter((field) => typeof values[field] === 'string');
  if (asked.length === 0) return [];
  const same = or(...asked.map((field) => sql`lower(${where.columns[field]}) = lower(${values[field] as string})`));
  return (await tx
    .select(where.columns)
    .from(where.table)
    .where(exceptId === undefined ? same : and(same, ne(where.columns.id, exceptId)))) as Row[];
}

/** API fields as the table's own keys, for insert and update. */
function toColumns(where: CatalogueTable, values: Readonly<Record<string, unknown>>) {
  const keys = new Map(Object.entries(getTableColumns(where.table)).map(([key, column]) => [column, key]));
  return Object.fromEntries(
    Object.entries(values)
      .filter(([field]) => field in where.columns)
      .map(([field, value]) => [keys.get(where.columns[field]!)!, value]),
  );
}

/**
 * A write the unique indexes on lower(field) may still refuse when another transaction took the
 * value meanwhile: the field it names then (`<table>_<column>_lower_key`), for the caller to decide.
 */
export async function unlessTaken<T>(where: CatalogueTable, write: () => Promise<T>): Promise<T | { taken: string }> {
  try {
    return await write();
  } catch (error) {
    for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
      if (e.code !== '23505' || !e.constraint) continue;
      const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
      const field = Object.entries(where.columns).find(
        ([, column]) => e!.constraint === `${getTableName(where.table)}_${snake(column.name)}_lower_key`,
      )?.[0];
      if (field) return { taken: field };
    }
    throw error;
  }
}

export async function insertCatalogueRow(tx: DbOrTx, where: CatalogueTable, values: Readonly<Record<string, unknown>>) {
  const [row] = await tx.insert(where.table).values(toColumns(where, values)).returning(where.columns);
  return row as Row;
}

export async function updateCatalogueRow(tx: DbOrTx, where: CatalogueTable, id: number, changes: Readonly<Record<string, unknown>>) {
  const [row] = await tx.update(where.table).set(toColumns(where, changes)).where(eq(where.columns.id, id)).returning(where.columns);
  return row as Row;
}

export async function deleteCatalogueRow(tx: DbOrTx, where: CatalogueTable, id: number) {
  await tx.delete(where.table).where(eq(where.columns.id, id));
}

/** How many records of each kind point at this one. */
export async function usesOf(tx: DbOrTx, where: CatalogueTable, id: number): Promise<Partial<Record<UseKind, number>>> {
  const uses: Partial<Record<UseKind, number>> = {};
  for (const [kind, column] of Object.entries(where.usedBy) as [UseKind, PgColumn][]) {
    const [row] = await tx.select({ n: count() }).from(column.table).where(eq(column, id));
    uses[kind] = row?.n ?? 0;
  }
  return uses;
}

/** Each record's name (or full name) by id: the chosen records an export shows by name. */
export async function namesOf(tx: DbOrTx, where: CatalogueTable): Promise<Map<number, string>> {
  const label = where.columns.name ?? where.columns.fullName!;
  const rows = await tx.select({ id: where.columns.id, name: label }).from(where.table);
  return new Map(rows.map((row) => [row.id as number, row.name as string]));
}
