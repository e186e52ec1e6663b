import { apiPaths, idParamsSchema, mailListQuerySchema, mailListResponseSchema, mailResponseSchema, type MailMessage } from '@contract';
import {
  decideMailList,
  decideResend,
  deliveryFor,
  guards,
  LIST_RULES,
  mailState,
  matchesSearch,
  mayReadMail,
  orThrow,
  pageRows,
  problems,
} from '@domain';
import { recordAudit } from '../audit';
import { mockDb, updateMockDb, type OutboxMail } from '../db';
import { readParams, readQuery, respond, route } from '../http';
import { requirePrivilege, requireSession, sessionMay } from '../session';

/** A kept message as mailboxes show it. */
const shown = ({ shownText, secret: _secret, ...m }: OutboxMail): MailMessage => ({
  id: m.id,
  to: m.to,
  subject: m.subject,
  text: shownText,
  createdAt: m.createdAt,
  sentAt: m.sentAt,
  error: m.error,
  state: mailState(m),
});

/** The mailbox, as server/routes/mail.ts answers it; the mocks have no SMTP, so every message is kept. */
export const mailHandlers = [
  route('get', apiPaths.mail, ({ request }) => {
    const session = requireSession(request);
    const { account } = session;
    const { all, q, state, ...page } = readQuery(request, mailListQuerySchema);
    const db = mockDb();
    const administers = sessionMay(session, guards.mailAll);
    orThrow(decideMailList(all === 'true', administers));
    const rows = db.outbox
      .filter((m) => (all === 'true' || mayReadMail(m, account.email, false)) && matchesSearch(q, LIST_RULES.mail.searchIn, m))
      .map((m) => deliveryFor(shown(m), administers))
      .filter((m) => !state || m.state === state)
      .reverse();
    return respond(mailListResponseSchema, { data: pageRows(rows, page) });
  }),

  route('get', apiPaths.mailMessage(':id'), ({ request, params }) => {
    const session = requireSession(request);
    const { account } = session;
    const { id } = readParams(params, idParamsSchema);
    const db = mockDb();
    const found = db.outbox.find((m) => m.id === id);
    const administers = sessionMay(session, guards.mailAll);
    if (!found || !mayReadMail(found, account.email, administers)) throw problems.notFound('Message');
    return respond(mailResponseSchema, { data: deliveryFor(shown(found), administers) });
  }),

  route('post', apiPaths.mailResend(':id'), ({ request, params }) => {
    const session = requirePrivilege(request, guards.mailResend);
    const { id } = readParams(params, idParamsSchema);
    const found = mockDb().outbox.find((m) => m.id === id);
    if (!found) throw problems.notFound('Message');
    orThrow(decideResend(found));
    // As a server without SMTP: nothing to send through, so it stays refused as it was.
    const { state, error } = shown(found);
    updateMockDb((db) =>
      recordAudit(db, session, { action: 'resend', entity: 'mail', entityId: id, before: { state, error }, after: { state, error } }),
    );
    return respond(mailResponseSchema, { data: shown(found) });
  }),
];
