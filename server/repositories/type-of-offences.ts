import { asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TypeOfOffence, TypeOfOffenceSortField, typeOfOffenceInputSchema, typeOfOffenceUpdateSchema } from '../../contract/type-of-offences';
import type { DbOrTx } from '../db/client';
import { complaints, contractRates, typeOfOffences } from '../db/schema';
import { LIST_RULES, pageOf, type ListSort } from '../../domain/lists';
import { containing, inBatches, pageWithTotal, totalOf } from './pagination';
import { prepared } from './prepared';

const sortColumn = {
  name: typeOfOffences.name,
  defaultRate: typeOfOffences.defaultRate,
  isActive: typeOfOffences.isActive,
} as const satisfies Record<TypeOfOffenceSortField, unknown>;

const toTypeOfOffence = ({ id, name, description, defaultRate, isActive }: TypeOfOffence): TypeOfOffence =>
  ({ id, name, description, defaultRate, isActive });

export interface TypeOfOffenceListQuery {
  page: number;
  limit: number;
  sort?: ListSort<TypeOfOffenceSortField>;
  /** A piece of the name or the description, in any case. */
  q?: string;
}

/** The rows a list query matches, its one filter as a placeholder: each shape is one prepared statement. */
function matching(db: DbOrTx, search: boolean) {
  const pattern = sql.placeholder('pattern');
  const where = search ? or(...LIST_RULES.typeOfOffences.searchIn.map((field) => ilike(typeOfOffences[field], pattern))) : undefined;
  return { where, count: () => db.select({ n: count() }).from(typeOfOffences).where(where) };
}

/** By name unless sorted, ties broken by id the same way; one prepared query that also counts. */
export async function listTypeOfOffences(db: DbOrTx, query: TypeOfOffenceListQuery) {
  const search = Boolean(query.q);
  const sort = query.sort ?? LIST_RULES.typeOfOffences.first;
  const values = { pattern: query.q && containing(query.q) };
  const direction = sort.descending ? desc : asc;
  const list = prepared(db, `type_of_offences_list_${search ? 'q' : ''}_${sort.descending ? '-' : ''}${sort.field}`, (name) => {
    const { where, count } = matching(db, search);
    return db.select({
      id: typeOfOffences.id,
      name: typeOfOffences.name,
      description: typeOfOffences.description,
      defaultRate: typeOfOffences.defaultRate,
      isActive: typeOfOffences.isActive,
      total: totalOf(count()),
    }).from(typeOfOffences).where(where)
      .orderBy(direction(sortColumn[sort.field]), direction(typeOfOffences.id))
      .limit(sql.placeholder('limit')).offset(sql.placeholder('offset'))
      .prepare(name);
  });
  const rows = await list.execute({ ...values, ...pageOf(query.page, query.limit) });
  return pageWithTotal(rows, query, toTypeOfOffence, async () => {
    const total = prepared(db, `type_of_offences_count_${search ? 'q' : ''}`, (name) => matching(db, search).count().prepare(name));
    return (await total.execute(values))[0]?.n ?? 0;
  });
}

const UNIQUE_NAME = 'type_of_offences_name_lower_key';

/** PostgreSQL's unique violation on the name, whatever layer wrapped it. */
function isNameClash(error: unknown): boolean {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' && e.constraint === UNIQUE_NAME) return true;
  }
  return false;
}

/** A write that the unique index on lower(name) may refuse: 'nameTaken' then, decided by the caller. */
async function unlessNameTaken<T>(write: () => Promise<T>): Promise<T | 'nameTaken'> {
  try {
    return await write();
  } catch (error) {
    if (isNameClash(error)) return 'nameTaken';
    throw error;
  }
}

export function insertTypeOfOffence(db: DbOrTx, input: z.output<typeof typeOfOffenceInputSchema>) {
  return unlessNameTaken(async () => toTypeOfOffence((await db.insert(typeOfOffences).values(input).returning())[0]!));
}

/** The changed row, null when there is none, or 'nameTaken'. */
export function updateTypeOfOffence(db: DbOrTx, id: number, changes: z.output<typeof typeOfOffenceUpdateSchema>) {
  return unlessNameTaken(async () => {
    const [row] = Object.keys(changes).length
      ? await db.update(typeOfOffences).set(changes).where(eq(typeOfOffences.id, id)).returning()
      : await db.select().from(typeOfOffences).where(eq(typeOfOffences.id, id));
    return row ? toTypeOfOffence(row) : null;
  });
}

/** The row, locked until the transaction ends, and whether complaints or contract rates use it. */
export async function lockTypeOfOffenceUse(tx: DbOrTx, id: number) {
  const [row] = await tx.select({ id: typeOfOffences.id }).from(typeOfOffences).where(eq(typeOfOffences.id, id)).for('update');
  if (!row) return null;
  const { rows } = await tx.execute<{ used: boolean }>(
    sql`select exists (select 1 from ${complaints} where ${complaints.typeOfOffenceId} = ${id}) or exists (select 1 from ${contractRates} where ${contractRates.typeOfOffenceId} = ${id}) as used`,
  );
  return { inUse: rows[0]!.used };
}

export async function deleteTypeOfOffence(tx: DbOrTx, id: number) {
  await tx.delete(typeOfOffences).where(eq(typeOfOffences.id, id));
}

/** Every type a list query matches, a batch at a time: for a stream. */
export const exportTypeOfOffences = (tx: DbOrTx, query: Omit<TypeOfOffenceListQuery, 'page' | 'limit'>) =>
  inBatches(async (page) => (await listTypeOfOffences(tx, { ...query, ...page })).items);
