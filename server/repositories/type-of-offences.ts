import { and, asc, count, desc, ilike, or, type SQL } from 'drizzle-orm';
import type { TypeOfOffence, TypeOfOffenceSortField } from '../../contract/type-of-offences';
import type { DbOrTx } from '../db/client';
import { typeOfOffences } from '../db/schema';
import { containing, type ListSort, pageOf, pageWithTotal, totalOver } from './pagination';

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

/** By name unless sorted, ties broken by id the same way. */
export async function listTypeOfOffences(db: DbOrTx, query: TypeOfOffenceListQuery) {
  const where: SQL[] = [];
  if (query.q) {
    const pattern = containing(query.q);
    where.push(or(ilike(typeOfOffences.name, pattern), ilike(typeOfOffences.description, pattern))!);
  }
  const { field, descending } = query.sort ?? BY_NAME;
  const direction = descending ? desc : asc;
  const rows = await db.select({
    id: typeOfOffences.id,
    name: typeOfOffences.name,
    description: typeOfOffences.description,
    defaultRate: typeOfOffences.defaultRate,
    isActive: typeOfOffences.isActive,
    total: totalOver(),
  }).from(typeOfOffences).where(and(...where))
    .orderBy(direction(sortColumn[field]), direction(typeOfOffences.id))
    .offset(pageOf(query.page, query.limit).offset).limit(query.limit);
  return pageWithTotal(rows, query, toTypeOfOffence, async () => {
    const [total] = await db.select({ n: count() }).from(typeOfOffences).where(and(...where));
    return total?.n ?? 0;
  });
}
