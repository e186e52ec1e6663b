import { and, asc, eq, or, type SQL } from 'drizzle-orm';
import type { SavedViewPath } from '../../contract/saved-views';
import type { StoredSavedView } from '../../domain/saved-views';
import type { DbOrTx } from '../db/client';
import { savedViews, userTypes } from '../db/schema';

const columns = {
  id: savedViews.id,
  ownerId: savedViews.ownerId,
  userTypeId: savedViews.userTypeId,
  path: savedViews.path,
  name: savedViews.name,
  search: savedViews.search,
  createdAt: savedViews.createdAt,
  userTypeName: userTypes.name,
};

type Row = { createdAt: Date; path: string; userTypeName: string | null } & Omit<StoredSavedView, 'createdAt' | 'path'>;

/** A stored view, with the name of the user type it is shared with. */
export type NamedView = StoredSavedView & { userTypeName: string | null };

const toView = ({ createdAt, path, ...row }: Row): NamedView => ({
  ...row,
  path: path as SavedViewPath,
  createdAt: createdAt.toISOString(),
});

/** The caller's own views and those shared with their user type (domain `isVisibleView`), in `savedViewOrder`. */
export async function visibleViews(db: DbOrTx, caller: { userId: number; userTypeId: number }, path?: SavedViewPath) {
  const whose = or(eq(savedViews.ownerId, caller.userId), eq(savedViews.userTypeId, caller.userTypeId))!;
  const filters: SQL[] = [whose, ...(path ? [eq(savedViews.path, path)] : [])];
  const rows = await db
    .select(columns)
    .from(savedViews)
    .leftJoin(userTypes, eq(userTypes.id, savedViews.userTypeId))
    .where(and(...filters))
    .orderBy(asc(savedViews.path), asc(savedViews.createdAt), asc(savedViews.id));
  return rows.map(toView);
}

/** One person's views on one list, to decide a new one against. */
export const viewsOnListBy = (db: DbOrTx, ownerId: number, path: SavedViewPath) =>
  db
    .select({ name: savedViews.name, userTypeId: savedViews.userTypeId })
    .from(savedViews)
    .where(and(eq(savedViews.ownerId, ownerId), eq(savedViews.path, path)));

export async function findView(db: DbOrTx, id: number): Promise<NamedView | null> {
  const [row] = await db
    .select(columns)
    .from(savedViews)
    .leftJoin(userTypes, eq(userTypes.id, savedViews.userTypeId))
    .where(eq(savedViews.id, id));
  return row ? toView(row) : null;
}

export async function insertView(db: DbOrTx, view: Omit<StoredSavedView, 'id' | 'createdAt'>): Promise<number> {
  const [row] = await db.insert(savedViews).values(view).returning({ id: savedViews.id });
  return row!.id;
}

export async function deleteView(db: DbOrTx, id: number) {
  await db.delete(savedViews).where(eq(savedViews.id, id));
}

export async function userTypeExists(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: userTypes.id }).from(userTypes).where(eq(userTypes.id, id));
  return row !== undefined;
}
