import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../contract/envelope';
import { mailListQuerySchema, mailListResponseSchema, mailResponseSchema } from '../../contract/mail';
import { apiPaths } from '../../contract/paths';
import { guards } from '../../domain/access';
import { auditRecord } from '../../domain/audit';
import { decideMailList, decideResend, deliveryFor, mayReadMail } from '../../domain/mail';
import { orThrow, problems } from '../../domain/problems';
import type { Db } from '../db/client';
import { auditActorOf } from '../http/audit-actor';
import { callerOf } from '../plugins/auth';
import { appendAudit } from '../repositories/audit';
import { findShownMail, listMail, markMail, takeForResend } from '../repositories/mail-outbox';
import type { Mailer } from '../services/mailer';

const security = [{ bearer: [] }];

/**
 * The mailbox (PRODUCT.md, dashboard and mailbox): everyone reads the messages sent to their
 * own address; who manages users reads every outgoing one with its delivery, and sends a
 * refused one again. Codes are masked in both (domain/mail.ts).
 */
export const mailRoutes: FastifyPluginAsyncZod<{ db: Db; mailer: Mailer }> = async (app, { db, mailer }) => {
  const readsAll = (request: Parameters<typeof callerOf>[0]) => app.callerMay(request, guards.mailAll);

  app.get(
    `/${apiPaths.mail}`,
    {
      config: { problems: [problems.forbidden] },
      onRequest: app.requireCaller,
      schema: {
        operationId: 'listMail',
        summary: 'List messages',
        description: 'The caller’s messages, newest first; all=true every outgoing message (who manages users); q in address or subject',
        security,
        querystring: mailListQuerySchema,
        response: { 200: mailListResponseSchema },
      },
    },
    async (request) => {
      const { all, ...query } = request.query;
      const administers = await readsAll(request);
      orThrow(decideMailList(all === 'true', administers));
      const page = await listMail(db, { ...query, to: all === 'true' ? null : callerOf(request).account.user.email });
      return { data: { ...page, items: page.items.map((m) => deliveryFor(m, administers)) } };
    },
  );

  app.get(
    `/${apiPaths.mailMessage(':id')}`,
    {
      config: { problems: [problems.secondFactorRequired] },
      onRequest: app.requireCaller,
      schema: {
        operationId: 'getMail',
        summary: 'Read one message',
        description: 'One message: the caller’s own, or any for who manages users',
        security,
        params: idParamsSchema,
        response: { 200: mailResponseSchema },
      },
    },
    async (request) => {
      const message = await findShownMail(db, request.params.id);
      const administers = await readsAll(request);
      if (!message || !mayReadMail(message, callerOf(request).account.user.email, administers)) throw problems.notFound('Message');
      return { data: deliveryFor(message, administers) };
    },
  );

  app.post(
    `/${apiPaths.mailResend(':id')}`,
    {
      config: { problems: [problems.mailNotFailed] },
      onRequest: app.requirePrivilege(guards.mailResend),
      schema: {
        operationId: 'resendMail',
        summary: 'Send a refused message again',
        description: 'Send a refused message again; answers it with its new delivery state',
        security,
        params: idParamsSchema,
        response: { 200: mailResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const before = await findShownMail(db, id);
      if (!before) throw problems.notFound('Message');
      orThrow(decideResend(before));
      // Of two resending at once, one sends; the other is told it is no longer refused.
      if (!(await takeForResend(db, id))) throw problems.mailNotFailed('kept');
      await mailer.deliver(id);
      let after = (await findShownMail(db, id))!;
      // No SMTP server now: the message stays refused, as it was, to be sent once there is one.
      if (after.state === 'kept') {
        await markMail(db, id, { error: before.error! });
        after = (await findShownMail(db, id))!;
      }
      await appendAudit(
        db,
        auditActorOf(request),
        auditRecord({
          action: 'resend',
          entity: 'mail',
          entityId: id,
          before: { state: before.state, error: before.error },
          after: { state: after.state, error: after.error },
        }),
      );
      return { data: after };
    },
  );
};
