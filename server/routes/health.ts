import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { databaseAnswers } from '../repositories/app-secrets';

/** For load balancers and start-up scripts: up, and the database answers. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/health',
    { schema: { summary: 'Up, and the database answers', response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => {
      await databaseAnswers(db);
      return { status: 'ok' as const };
    },
  );
};
