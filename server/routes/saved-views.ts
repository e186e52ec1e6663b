import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParamsSchema } from '../../contract/envelope';
import { apiPaths } from '../../contract/paths';
import {
  createSavedViewRequestSchema,
  savedViewListQuerySchema,
  savedViewListResponseSchema,
  savedViewResponseSchema,
  type SavedView,
} from '../../contract/saved-views';
import { guards } from '../../domain/access';
import { problems } from '../../domain/problems';
import { decideNewView, isVisibleView, mayDeleteView, type ViewCaller } from '../../domain/saved-views';
import type { Db } from '../db/client';
import { callerOf } from '../plugins/auth';
import { deleteView, findView, insertView, userTypeExists, viewsOnListBy, visibleViews, type NamedView } from '../repositories/saved-views';

const security = [{ bearer: [] }];

/** Everyone keeps views of the lists they may see; who may change the matrix shares them with a user type. */
export const savedViewRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.requireCaller);

  const viewCaller = async (request: FastifyRequest): Promise<ViewCaller> => {
    const { account } = callerOf(request);
    return { userId: account.user.id, userTypeId: account.userTypeId, mayShare: await app.callerMay(request, guards.savedViewShare) };
  };
  const shown = (caller: ViewCaller, view: NamedView): SavedView => ({
    id: view.id,
    name: view.name,
    path: view.path,
    search: view.search,
    userType: view.userTypeId === null ? null : { id: view.userTypeId, name: view.userTypeName ?? '' },
    deletable: mayDeleteView(caller, view),
    createdAt: view.createdAt,
  });

  app.get(
    `/${apiPaths.savedViews}`,
    {
      config: { problems: [problems.secondFactorRequired] },
      schema: {
        operationId: 'listSavedViews',
        summary: 'List the saved views of a list',
        description: "The caller's saved views and those shared with their user type, of one list (`path`) or all, oldest first",
        security,
        querystring: savedViewListQuerySchema,
        response: { 200: savedViewListResponseSchema },
      },
    },
    async (request) => {
      const caller = await viewCaller(request);
      const views = await visibleViews(db, caller, request.query.path);
      return { data: { items: views.map((view) => shown(caller, view)) } };
    },
  );

  app.post(
    `/${apiPaths.savedViews}`,
    {
      config: { problems: [problems.forbidden, problems.notFound, problems.savedViewNameTaken, problems.savedViewsFull] },
      schema: {
        operationId: 'createSavedView',
        summary: 'Save a view',
        description: 'Save a view of a list the caller may see; `userTypeId` shares it with that user type (who may change the matrix)',
        security,
        body: createSavedViewRequestSchema,
        response: { 201: savedViewResponseSchema },
      },
    },
    async (request, reply) => {
      const caller = await viewCaller(request);
      if (!(await app.callerMay(request, guards.savedViewOn(request.body.path)))) throw problems.forbidden();
      const id = await db.transaction(async (tx) => {
        const view = decideNewView(caller, request.body, await viewsOnListBy(tx, caller.userId, request.body.path));
        if (view.userTypeId !== null && !(await userTypeExists(tx, view.userTypeId))) throw problems.notFound('User type');
        return insertView(tx, view);
      });
      return reply.code(201).send({ data: shown(caller, (await findView(db, id))!) });
    },
  );

  app.delete(
    `/${apiPaths.savedView(':id')}`,
    {
      config: { problems: [problems.forbidden] },
      schema: {
        operationId: 'deleteSavedView',
        summary: 'Delete a saved view',
        description: 'Delete a saved view: one of the caller’s own, or a shared one when they may share',
        security,
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const caller = await viewCaller(request);
      const view = await findView(db, request.params.id);
      // Another's own view is not there for the caller.
      if (!view || !isVisibleView(caller, view)) throw problems.notFound('Saved view');
      if (!mayDeleteView(caller, view)) throw problems.forbidden();
      await deleteView(db, view.id);
      return reply.code(204).send(null);
    },
  );
};
