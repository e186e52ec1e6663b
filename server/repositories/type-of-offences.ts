import { asc, count, desc, ilike, or, sql } from 'drizzle-orm';
import type { TypeOfOffence, TypeOfOffenceSortField } from '../../contract/type-of-offences';
import type { DbOrTx } from '../db/client';
import { typeOfOffences } from '../db/schema';
import { containing, type ListSort, pageOf, pageWithTotal, totalOf } from './pagination';
import { prepared } from './prepared';

const sortColumn = {
  name: typeOfOffences.name,
  defaultRate: typeOfOffences.defaultRate,
  isActive: typeOfOffences.isActive,
} as const satisfies Record<TypeOfOffenceSortField, unknown>;

const BY_NAME: ListSort<TypeOfOffenceSortField> = { field: 'name', descending: false };

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
  const where = search ? or(ilike(typeOfOffences.name, pattern), ilike(typeOfOffences.description, pattern)) : undefined;
  return { where, count: () => db.select({ n: count() }).from(typeOfOffences).where(where) };
}

/** By name unless sorted, ties broken by id the same way; one prepared query that also counts. */
export async function listTypeOfOffences(db: DbOrTx, query: TypeOfOffenceListQuery) {
  const search = Boolean(query.q);
  const sort = query.sort ?? BY_NAME;
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
