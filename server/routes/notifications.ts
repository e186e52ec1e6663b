import { sortParam } from '../../contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOTIFICATION_SORT_FIELDS,
  markNotificationsReadRequestSchema,
  markNotificationsReadResponseSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationResponseSchema,
} from '../../contract/notifications';
import { apiPaths } from '../../contract/paths';
import type { Db } from '../db/client';
import { parseSort } from '../../domain/lists';
import { problems } from '../../domain/problems';
import { callerOf } from '../plugins/auth';
import { deleteNotification, listNotifications, markNotificationsRead, readNotification } from '../repositories/notifications';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Everyone reads and deletes only their own notifications. */
export const notificationRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.requireCaller);

  app.get(
    `/${apiPaths.notifications}`,
    {
      schema: {
        operationId: 'listNotifications',
        summary: 'List your notifications',
        description: `The caller's notifications, newest first (isRead: 0 unread, 1 read, 2 all; sort: ${NOTIFICATION_SORT_FIELDS.join(', ')}; q: in title or description)`,
        security: [{ bearer: [] }],
        querystring: notificationListQuerySchema.extend({ sort: sortParam(NOTIFICATION_SORT_FIELDS) }),
        response: { 200: notificationListResponseSchema },
      },
    },
    async (request) => {
      const { sort, ...query } = request.query;
      const recipientId = callerOf(request).account.user.id;
      const list = async () => ({
        value: await listNotifications(db, recipientId, { ...query, sort: parseSort(sort, NOTIFICATION_SORT_FIELDS) }),
      });
      // The poll: kept per user until their notifications change (migration 0016 tells every process).
      const cache = app.processCache;
      return {
        data: cache ? await cache.getOfUser(recipientId, `notifications?${JSON.stringify(request.query)}`, list) : (await list()).value,
      };
    },
  );

  app.get(
    `/${apiPaths.notification(':id')}`,
    {
      schema: {
        operationId: 'getNotification',
        summary: 'Read one notification',
        description: 'One notification; reading it marks it read',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: notificationResponseSchema },
      },
    },
    async (request) => {
      const recipientId = callerOf(request).account.user.id;
      const notification = await readNotification(db, request.params.id, recipientId);
      if (!notification) throw problems.notFound('Notification');
      // A GET that changes something: the poll kept above must not show it unread again.
      app.processCache?.dropUser(recipientId);
      return { data: notification };
    },
  );

  app.post(
    `/${apiPaths.notificationsRead}`,
    {
      schema: {
        operationId: 'markNotificationsRead',
        summary: 'Mark notifications read',
        description: "Mark the caller's notifications read: those of `ids`, or every one; others' ids are passed over",
        security: [{ bearer: [] }],
        body: markNotificationsReadRequestSchema,
        response: { 200: markNotificationsReadResponseSchema },
      },
    },
    async (request) => {
      const recipientId = callerOf(request).account.user.id;
      const marked = await markNotificationsRead(db, recipientId, request.body.ids);
      app.processCache?.dropUser(recipientId);
      return { data: { marked } };
    },
  );

  app.delete(
    `/${apiPaths.notification(':id')}`,
    {
      schema: {
        operationId: 'deleteNotification',
        summary: 'Delete one notification',
        description: "Delete one of the caller's notifications",
        security: [{ bearer: [] }],
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      if (!(await deleteNotification(db, request.params.id, callerOf(request).account.user.id))) throw problems.notFound('Notification');
      return reply.code(204).send(null);
    },
  );
};
