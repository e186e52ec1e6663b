import { SAVED_VIEWS_PER_LIST_MAX, type CreateSavedViewRequest, type SavedViewPath } from '../contract/saved-views';
import { problems } from './problems';

/** A saved view as both stores keep it. */
export interface StoredSavedView {
  id: number;
  ownerId: number;
  /** The user type it is shared with; null: its owner's own. */
  userTypeId: number | null;
  path: SavedViewPath;
  name: string;
  search: string;
  createdAt: string;
}

/** Who asks: their user and user type, and whether they may share views with a user type. */
export interface ViewCaller {
  userId: number;
  userTypeId: number;
  mayShare: boolean;
}

/** The views a caller sees: their own, those shared with their user type, and those they shared. */
export const isVisibleView = (caller: ViewCaller, view: StoredSavedView) =>
  view.ownerId === caller.userId || (view.userTypeId !== null && view.userTypeId === caller.userTypeId);

/** Their own, or a shared one when they may share. */
export const mayDeleteView = (caller: ViewCaller, view: StoredSavedView) =>
  view.ownerId === caller.userId || (view.userTypeId !== null && caller.mayShare);

/**
 * A new view, decided: sharing needs the right to share (else 403); a name is one person's once
 * per list and audience, whatever its case (else 409 on `name`); a list holds so many of theirs.
 * `theirs` are the caller's views on the same list.
 */
export function decideNewView(
  caller: ViewCaller,
  input: Pick<CreateSavedViewRequest, 'name' | 'path' | 'search' | 'userTypeId'>,
  theirs: readonly Pick<StoredSavedView, 'name' | 'userTypeId'>[],
): Omit<StoredSavedView, 'id' | 'createdAt'> {
  const userTypeId = input.userTypeId ?? null;
  if (userTypeId !== null && !caller.mayShare) throw problems.forbidden();
  const name = input.name.trim();
  if (theirs.some((view) => view.userTypeId === userTypeId && view.name.toLocaleLowerCase() === name.toLocaleLowerCase())) {
    throw problems.savedViewNameTaken();
  }
  if (theirs.length >= SAVED_VIEWS_PER_LIST_MAX) throw problems.savedViewsFull(SAVED_VIEWS_PER_LIST_MAX);
  return { ownerId: caller.userId, userTypeId, path: input.path, name, search: input.search };
}

/** The order views are listed in: by list, then oldest first (ties by id). */
export const savedViewOrder = (a: StoredSavedView, b: StoredSavedView) =>
  a.path.localeCompare(b.path) || a.createdAt.localeCompare(b.createdAt) || a.id - b.id;
