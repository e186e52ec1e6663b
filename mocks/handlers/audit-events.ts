import { apiPaths, auditListQuerySchema, auditListResponseSchema } from '@contract';
import { auditSelection, guards, isAuditSelected, pageRows } from '@domain';
import { mockDb } from '../db';
import { readQuery, respond, route } from '../http';
import { requirePrivilege } from '../session';

export const auditEventHandlers = [
  route('get', apiPaths.auditEvents, ({ request }) => {
    requirePrivilege(request, guards.auditEvents);
    const { page, limit, ...filter } = readQuery(request, auditListQuerySchema);
    const selection = auditSelection(filter);
    // Appended in time order: newest first is the reverse.
    const events = mockDb()
      .audit.filter((e) => isAuditSelected(selection, e))
      .reverse();
    const shown = pageRows(events, { page, limit });
    const items = shown.items.map(({ actorId, actorEmail, ...e }) => ({ ...e, actor: { id: actorId, email: actorEmail } }));
    return respond(auditListResponseSchema, { data: { ...shown, items } });
  }),
];
