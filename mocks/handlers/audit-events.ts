import { apiPaths, auditChainResponseSchema, auditListQuerySchema, auditListResponseSchema } from '@contract';
import { auditSelection, guards, isAuditSelected, pageRows } from '@domain';
import { auditChainHead } from '../audit';
import { mockDb, updateMockDb } from '../db';
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

  route('get', apiPaths.auditChain, async ({ request }) => {
    requirePrivilege(request, guards.auditEvents);
    return respond(auditChainResponseSchema, { data: await chainAnswer() });
  }),
  route('post', apiPaths.auditChainCheck, async ({ request }) => {
    requirePrivilege(request, guards.auditEvents);
    const { seq } = await auditChainHead(mockDb().audit);
    updateMockDb((db) => {
      db.auditChainCheck = { at: new Date().toISOString(), seq };
    });
    return respond(auditChainResponseSchema, { data: await chainAnswer() });
  }),
];

async function chainAnswer() {
  const { seq, hash } = await auditChainHead(mockDb().audit);
  const checked = mockDb().auditChainCheck;
  return { seq, hash, verifiedAt: checked?.at ?? null, verifiedSeq: checked?.seq ?? null, verifiedBreak: null };
}
