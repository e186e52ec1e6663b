import { asc, count } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { typeOfOffences } from '../db/schema';
import { pageOf, paginationOf } from './pagination';

export async function listTypeOfOffences(db: DbOrTx, page: number, limit: number) {
  const [items, [total]] = await Promise.all([
    db.select({
      id: typeOfOffences.id,
      name: typeOfOffences.name,
      description: typeOfOffences.description,
      defaultRate: typeOfOffences.defaultRate,
      isActive: typeOfOffences.isActive,
    }).from(typeOfOffences).orderBy(asc(typeOfOffences.name)).offset(pageOf(page, limit).offset).limit(limit),
    db.select({ n: count() }).from(typeOfOffences),
  ]);
  return { items, pagination: paginationOf(page, limit, total?.n ?? 0) };
}
