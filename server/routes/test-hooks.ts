import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { archiveComplaints } from '../../fixtures/archive-complaints';
import { copyArchiveComplaints, refreshComplaintStatistics } from '../repositories/bench-complaints';
import type { Db } from '../db/client';
import { insertComplaints } from '../db/seed';
import { ageCodes } from '../repositories/account-codes';
import { mailsTo } from '../repositories/mail-outbox';
import { findUserByEmail } from '../repositories/users';
import type { Mailer } from '../services/mailer';

/**
 * Only on test servers (ALLOW_TEST_RESET=true), so one Playwright suite runs against the mocks
 * and the server: back to the demo data, read "the mail" a new user would get, and make links
 * and codes old (docs/account-rules.md, test hooks).
 */
export const testHookRoutes: FastifyPluginAsyncZod<{ db: Db; reset: () => Promise<void>; mailer: Mailer }> = async (
  app,
  { db, reset, mailer },
) => {
  const hidden = { hide: true };

  app.post('/api/test/reset', { schema: hidden }, async (_request, reply) => {
    await reset();
    return reply.code(204).send();
  });

  app.get('/api/test/outbox', { schema: { ...hidden, querystring: z.object({ to: z.string().max(254) }) } }, async (request) => ({
    data: { items: await mailsTo(db, request.query.to) },
  }));

  // Mail through another SMTP server (one a test runs, that refuses or takes mail); null: back to the configured one.
  app.post('/api/test/smtp', { schema: { ...hidden, body: z.object({ url: z.string().max(200).nullable() }) } }, async (request, reply) => {
    mailer.useSmtp(request.body.url);
    return reply.code(204).send();
  });

  app.post(
    '/api/test/age-account-codes',
    { schema: { ...hidden, body: z.object({ email: z.string(), minutes: z.number().int().min(0) }) } },
    async (request, reply) => {
      const user = await findUserByEmail(db, request.body.email);
      if (user) await ageCodes(db, user.id, request.body.minutes);
      return reply.code(user ? 204 : 404).send();
    },
  );

  app.post(
    '/api/test/archive-complaints',
    { schema: { ...hidden, body: z.object({ count: z.number().int().min(1).max(200_000) }) } },
    async (request, reply) => {
      await db.transaction((tx) => insertComplaints(tx, archiveComplaints(request.body.count)));
      await refreshComplaintStatistics(db);
      return reply.code(204).send();
    },
  );

  // Benchmarks only, and only this back end (see `copyArchiveComplaints`).
  app.post(
    '/api/test/copy-complaints',
    {
      schema: {
        ...hidden,
        body: z.object({ count: z.number().int().min(1).max(10_000_000), years: z.number().int().min(1).max(50) }),
      },
    },
    async (request, reply) => {
      await copyArchiveComplaints(db, request.body);
      return reply.code(204).send();
    },
  );
};
