import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { ARCHIVE_FIRST_ID, archiveComplaints } from '../../fixtures/archive-complaints';
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
      // Fresh statistics for the planner's estimates, as autovacuum would gather them a while later.
      await db.execute(sql`analyze complaints`);
      return reply.code(204).send();
    },
  );

  // Benchmarks only (npm run bench:lists), and only this back end: `count` more complaints made in
  // SQL from the archive complaints (added first), each a copy of one with its own reference and
  // history, their misconduct spread evenly over the `years` before 2026. A million take a few
  // minutes, where the archive hook would take an hour.
  app.post(
    '/api/test/copy-complaints',
    {
      schema: {
        ...hidden,
        body: z.object({ count: z.number().int().min(1).max(10_000_000), years: z.number().int().min(1).max(50) }),
      },
    },
    async (request, reply) => {
      const { count, years } = request.body;
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          create temp table complaint_copies on commit drop as
          select nextval(pg_get_serial_sequence('complaints', 'id')) as id, g, s.id as source_id,
            timestamptz '2026-01-01 00:00+08' - make_interval(secs => g * (${years} * 365.25 * 86400 / ${count})) as at
          from generate_series(1, ${count}::int) g
          join (select id, row_number() over (order by id) - 1 as k from complaints where id >= ${ARCHIVE_FIRST_ID}) s
            on s.k = g % (select count(*) from complaints where id >= ${ARCHIVE_FIRST_ID})`);
        await tx.execute(sql`
          insert into complaints (id, ref_no, type_of_offence_id, contract_id, organization_id, created_by_id, date_of_misconduct,
            description, offender, location, qty, justification, status, remark, created_at, updated_at)
          select cp.id, 'CPY-' || lpad(cp.g::text, 8, '0'), c.type_of_offence_id, c.contract_id, c.organization_id, c.created_by_id,
            cp.at, c.description, c.offender, c.location, c.qty, c.justification, c.status, c.remark,
            c.created_at + (cp.at - c.date_of_misconduct), c.updated_at + (cp.at - c.date_of_misconduct)
          from complaint_copies cp join complaints c on c.id = cp.source_id`);
        await tx.execute(sql`
          insert into complaint_status_history (complaint_id, from_status, to_status, changed_by_id, changed_at, text)
          select cp.id, h.from_status, h.to_status, h.changed_by_id, h.changed_at + (cp.at - c.date_of_misconduct), h.text
          from complaint_copies cp join complaints c on c.id = cp.source_id join complaint_status_history h on h.complaint_id = c.id`);
      });
      // Fresh statistics and visibility map, as autovacuum would make them a while later.
      await db.execute(sql`vacuum (analyze) complaints, complaint_status_history`);
      return reply.code(204).send();
    },
  );
};
