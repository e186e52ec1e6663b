import {
  apiPaths,
  createSavedViewRequestSchema,
  idParamsSchema,
  savedViewListQuerySchema,
  savedViewListResponseSchema,
  savedViewResponseSchema,
  type SavedView,
} from '@contract';
import {
  decideNewView,
  guards,
  isVisibleView,
  mayDeleteView,
  problems,
  savedViewOrder,
  type StoredSavedView,
  type ViewCaller,
} from '@domain';
import { mockDb, updateMockDb } from '../db';
import { noContent, readBody, readParams, readQuery, respond, route } from '../http';
import { requireSession, sessionMay } from '../session';

/** Everyone keeps views of the lists they may see; who may change the matrix shares them with a user type. */
function viewCallerOf(request: Request): ViewCaller {
  const session = requireSession(request);
  const { account } = session;
  return { userId: account.id, userTypeId: account.userTypeId, mayShare: sessionMay(session, guards.savedViewShare) };
}

function shown(caller: ViewCaller, view: StoredSavedView): SavedView {
  const userType = mockDb().catalogues['user-types'].find((t) => t.id === view.userTypeId);
  return {
    id: view.id,
    name: view.name,
    path: view.path,
    search: view.search,
    userType: view.userTypeId === null ? null : { id: view.userTypeId, name: userType?.name ?? '' },
    deletable: mayDeleteView(caller, view),
    createdAt: view.createdAt,
  };
}

export const savedViewHandlers = [
  route('get', apiPaths.savedViews, ({ request }) => {
    const caller = viewCallerOf(request);
    const { path } = readQuery(request, savedViewListQuerySchema);
    const items = mockDb()
      .savedViews.filter((view) => isVisibleView(caller, view) && (!path || view.path === path))
      .sort(savedViewOrder)
      .map((view) => shown(caller, view));
    return respond(savedViewListResponseSchema, { data: { items } });
  }),

  route('post', apiPaths.savedViews, async ({ request }) => {
    const caller = viewCallerOf(request);
    const body = await readBody(request, createSavedViewRequestSchema);
    if (!sessionMay(requireSession(request), guards.savedViewOn(body.path))) throw problems.forbidden();
    const created = updateMockDb((db) => {
      const theirs = db.savedViews.filter((view) => view.ownerId === caller.userId && view.path === body.path);
      const view = decideNewView(caller, body, theirs);
      if (view.userTypeId !== null && !db.catalogues['user-types'].some((t) => t.id === view.userTypeId))
        throw problems.notFound('User type');
      const stored: StoredSavedView = { ...view, id: (db.sequences.savedView += 1), createdAt: new Date().toISOString() };
      db.savedViews.push(stored);
      return stored;
    });
    return respond(savedViewResponseSchema, { data: shown(caller, created) }, 201);
  }),

  route('delete', apiPaths.savedView(':id'), ({ request, params }) => {
    const caller = viewCallerOf(request);
    const { id } = readParams(params, idParamsSchema);
    updateMockDb((db) => {
      const index = db.savedViews.findIndex((view) => view.id === id && isVisibleView(caller, view));
      if (index < 0) throw problems.notFound('Saved view');
      if (!mayDeleteView(caller, db.savedViews[index]!)) throw problems.forbidden();
      db.savedViews.splice(index, 1);
    });
    return noContent();
  }),
];
