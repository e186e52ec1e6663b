import { z } from 'zod';
import * as shapes from '@contract/complaints';
import { complaintEvidenceResponseSchema } from '@contract/evidence';
import { apiPaths, COMPLAINT_SORT_FIELDS, exportQueryShape, idParamsSchema } from '@contract';
import {
  checkTimeZone,
  complaintCsv,
  complaintSnapshot,
  complaintFilterOptions,
  complaintFormOptions,
  complaintSelection,
  // The decisions of domain/complaints.ts, as the server asks them.
  decideAttachments,
  decideDelete,
  decideEdit,
  decideJustify,
  decideMadeOffline,
  decideRead,
  decideReferences,
  decideVerify,
  DEFAULT_EVIDENCE_RULES,
  evidenceFindings,
  evidencePack,
  packAudit,
  guards,
  instant,
  isSelected,
  LIST_RULES,
  listOrder,
  matchesSearch,
  orThrow,
  placedPage,
  readCursor,
  type Caller,
  type ListSort,
  parseSort,
  reaches,
  registration,
} from '@domain';
import {
  applyMove,
  complaintPhotos,
  evidenceFlagsOf,
  photosElsewhere,
  deleteComplaint,
  deleteFiles,
  insertComplaint,
  presentComplaint,
  recordWithdrawal,
  referenceLookup,
  replaceAttachments,
  requireComplaint,
  updateComplaintFields,
  usableFiles,
  justifyByIn,
} from '../complaint-store';
import type { StoredComplaint } from '../complaint-rows';
import { auditChain, moveChain, recordAudit } from '../audit';
import { mockDb, personaOf, updateMockDb, type MockDbState } from '../db';
import { csvResponse, noContent, pdfResponse, readBody, readParams, readQuery, respond, route } from '../http';
import { smallPackPdf } from '../evidence-pack';
import { requirePrivilege, requireSession } from '../session';
import { writeOnce } from '../idempotency';

// The life of a complaint, in the server's order of checks: session, matrix, input, then the
// complaint itself. Every check runs before the first change, so a refusal changes nothing.

/** The complaint as the audit trail keeps it. */
const snapshot = (db: Readonly<MockDbState>, c: StoredComplaint) => complaintSnapshot(presentComplaint(db, c));

function answer(id: number, status = 200) {
  const db = mockDb();
  return respond(shapes.complaintResponseSchema, { data: presentComplaint(db, requireComplaint(db, id)) }, status);
}

/** A complaint's value in a list's order: its times as instants. */
const sortValueOf = (c: StoredComplaint, field: (typeof COMPLAINT_SORT_FIELDS)[number]) =>
  field === 'dateOfMisconduct' || field === 'createdAt' ? instant(c[field]) : c[field];

/** The complaints a list or export query selects for its caller, in the list's order. */
function selectedComplaints(
  request: Request,
  query: Omit<z.output<typeof shapes.complaintListQuerySchema>, 'page' | 'limit' | 'cursor'>,
  order: ListSort<(typeof COMPLAINT_SORT_FIELDS)[number]>,
) {
  const { history, sort: _sort, q, ...filter } = query;
  const isHistory = history === 'true';
  const { caller } = requirePrivilege(request, guards.complaintList(isHistory));
  const selection = complaintSelection(filter, isHistory, Date.now(), caller.contractorOrganizationId);
  const db = mockDb();
  return db.complaints
    .filter(
      (c) =>
        reaches(caller, c.organizationId) &&
        isSelected(selection, { ...c, justifyBy: justifyByIn(db, c), evidenceFlags: () => evidenceFlagsOf(db, c) }) &&
        matchesSearch(q, LIST_RULES.complaints.searchIn, c),
    )
    .sort(listOrder(order, sortValueOf, LIST_RULES.complaints.ties));
}

const orderOf = (sort: string | undefined) => parseSort(sort, COMPLAINT_SORT_FIELDS) ?? LIST_RULES.complaints.first;

export const complaintHandlers = [
  route('get', apiPaths.complaints, ({ request }) => {
    requireSession(request);
    const { page, limit, cursor, ...query } = readQuery(request, shapes.complaintListQuerySchema);
    const db = mockDb();
    const sort = orderOf(query.sort);
    const place = readCursor(cursor, sort);
    const rows = selectedComplaints(request, query, sort);
    const keyOf = (c: StoredComplaint) => ({ value: sortValueOf(c, sort.field), id: c.id });
    const shown = placedPage(rows, { page, limit, place }, { sort, ties: LIST_RULES.complaints.ties, keyOf });
    return respond(shapes.complaintListResponseSchema, { data: { ...shown, items: shown.items.map((c) => presentComplaint(db, c)) } });
  }),

  route('get', apiPaths.complaintsCsv, ({ request }) => {
    requireSession(request);
    const { lang, tz, ...query } = readQuery(request, shapes.complaintExportQuerySchema);
    const rows = selectedComplaints(request, query, orderOf(query.sort));
    const zone = checkTimeZone(tz);
    const db = mockDb();
    const lines = rows.map((c) => complaintCsv.line(presentComplaint(db, c), lang, zone));
    return csvResponse(complaintCsv.fileName(query.history === 'true'), complaintCsv.header(lang) + lines.join(''));
  }),

  route('get', apiPaths.myComplaintMoves, ({ request }) => {
    const { account } = requireSession(request);
    const items = mockDb()
      .complaints.flatMap((c) =>
        c.history
          .filter((h) => h.changedById === account.id)
          .map(({ changedById: _by, ...move }) => ({ ...move, complaintId: c.id, refNo: c.refNo })),
      )
      .sort((a, b) => instant(b.changedAt) - instant(a.changedAt) || b.id - a.id)
      .slice(0, shapes.MY_MOVES_LIMIT);
    return respond(shapes.myComplaintMovesResponseSchema, { data: { items } });
  }),

  // Before `complaints/:id`, which would take "form-options" for an id.
  route('get', apiPaths.complaintFormOptions, ({ request }) => {
    requirePrivilege(request, guards.complaintFormOptions);
    return respond(shapes.complaintFormOptionsResponseSchema, {
      data: complaintFormOptions(
        mockDb().catalogues['type-of-offences'],
        mockDb().catalogues.organizations.map((o) => ({ ...o, isActive: o.active })),
        mockDb().contracts,
      ),
    });
  }),

  route('get', apiPaths.complaintFilterOptions, ({ request }) => {
    const { caller } = requirePrivilege(request, guards.complaintFilterOptions);
    return respond(shapes.complaintFilterOptionsResponseSchema, {
      data: complaintFilterOptions(caller, mockDb().catalogues['type-of-offences'], mockDb().catalogues.organizations, mockDb().contracts),
    });
  }),

  route('get', apiPaths.complaint(':id'), ({ request, params }) => {
    const { caller } = requirePrivilege(request, guards.complaintRead);
    const { id } = readParams(params, idParamsSchema);
    orThrow(decideRead(caller, requireComplaint(mockDb(), id)));
    return answer(id);
  }),

  route('get', apiPaths.complaintEvidence(':id'), ({ request, params }) => {
    const { caller } = requirePrivilege(request, guards.complaintRead);
    const { id } = readParams(params, idParamsSchema);
    return respond(complaintEvidenceResponseSchema, { data: evidenceFor(caller, id) });
  }),

  route('get', apiPaths.complaintEvidencePack(':id'), async ({ request, params }) => {
    const session = requirePrivilege(request, guards.complaintRead);
    const { id } = readParams(params, idParamsSchema);
    const { lang, tz } = readQuery(request, z.object(exportQueryShape));
    const zone = checkTimeZone(tz);
    const evidence = evidenceFor(session.caller, id);
    const complaint = requireComplaint(mockDb(), id);
    updateMockDb((db) => recordAudit(db, session, packAudit(complaint, { lang, tz: zone, photos: evidence.photos.length })));
    const { links, head } = await auditChain(mockDb().audit);
    const chain = await moveChain(complaint.history, id);
    const detail = presentComplaint(mockDb(), complaint);
    const pack = evidencePack(
      {
        complaint: detail,
        moves: detail.statusHistory.map((move) => ({ ...move, ...chain.get(move.id)! })),
        evidence,
        audit: links
          .filter((link) => link.event.entity === 'complaint' && link.event.entityId === String(id))
          .map(({ event, seq, hash, prevHash }) => ({
            seq,
            at: event.at,
            actorEmail: event.actorEmail,
            action: event.action,
            hash,
            prevHash,
          })),
        head,
        madeBy: { fullName: personaOf(mockDb(), session.account).fullName, email: session.account.email },
        madeAt: new Date().toISOString(),
      },
      lang,
      zone,
    );
    return pdfResponse(`evidence-${complaint.refNo}.pdf`, await smallPackPdf(pack));
  }),

  route('post', apiPaths.complaints, async ({ request }) => {
    const session = requirePrivilege(request, guards.complaintCreate);
    const { caller } = session;
    const body = await readBody(request, shapes.complaintInputSchema);
    const { attachmentFileIds, ...fields } = body;
    return writeOnce(request, caller.userId, 'createComplaint', body, async () => {
      const db = mockDb();
      orThrow(decideMadeOffline(fields));
      orThrow(await decideReferences(fields, undefined, referenceLookup(db)));
      orThrow(decideAttachments(attachmentFileIds, usableFiles(db, caller.userId)));
      const id = updateMockDb((db) => {
        const created = insertComplaint(db, fields, caller.userId);
        replaceAttachments(db, created, 'complaint', attachmentFileIds);
        applyMove(db, created, registration, caller);
        recordAudit(db, session, {
          action: 'create',
          entity: 'complaint',
          entityId: created.id,
          before: null,
          after: snapshot(db, created),
        });
        return created.id;
      });
      return answer(id, 201);
    });
  }),

  route('patch', apiPaths.complaint(':id'), async ({ request, params }) => {
    const session = requirePrivilege(request, guards.complaintUpdate);
    const { caller } = session;
    const { id } = readParams(params, idParamsSchema);
    const { attachmentFileIds, ...fields } = await readBody(request, shapes.complaintUpdateSchema);
    const complaint = requireComplaint(mockDb(), id);
    orThrow(decideEdit(complaint));
    orThrow(decideMadeOffline(fields, { ...complaint, madeOfflineAt: complaint.madeOffline?.at ?? null }));
    orThrow(await decideReferences(fields, complaint, referenceLookup(mockDb())));
    const kind = 'complaint';
    if (attachmentFileIds) orThrow(decideAttachments(attachmentFileIds, usableFiles(mockDb(), caller.userId, { complaint, kind })));
    updateMockDb((db) => {
      const before = snapshot(db, complaint);
      updateComplaintFields(complaint, fields);
      if (attachmentFileIds) deleteFiles(db, replaceAttachments(db, complaint, kind, attachmentFileIds));
      recordAudit(db, session, { action: 'update', entity: 'complaint', entityId: id, before, after: snapshot(db, complaint) });
    });
    return answer(id);
  }),

  route('delete', apiPaths.complaint(':id'), ({ request, params }) => {
    const session = requirePrivilege(request, guards.complaintDelete);
    const { id } = readParams(params, idParamsSchema);
    const complaint = requireComplaint(mockDb(), id);
    orThrow(decideDelete(complaint));
    updateMockDb((db) => {
      recordAudit(db, session, { action: 'delete', entity: 'complaint', entityId: id, before: snapshot(db, complaint), after: null });
      recordWithdrawal(db, complaint, session.caller);
      deleteComplaint(db, complaint);
    });
    return noContent();
  }),

  route('post', apiPaths.complaintJustify(':id'), async ({ request, params }) => {
    const session = requirePrivilege(request, guards.complaintJustify);
    const { caller } = session;
    const { id } = readParams(params, idParamsSchema);
    const { justification, attachmentFileIds } = await readBody(request, shapes.justifyComplaintRequestSchema);
    const complaint = requireComplaint(mockDb(), id);
    const move = orThrow(decideJustify(caller, { ...complaint, justifyBy: justifyByIn(mockDb(), complaint) }, justification, Date.now()));
    const kind = 'justification';
    orThrow(decideAttachments(attachmentFileIds, usableFiles(mockDb(), caller.userId, { complaint, kind })));
    updateMockDb((db) => {
      const before = snapshot(db, complaint);
      replaceAttachments(db, complaint, kind, attachmentFileIds);
      applyMove(db, complaint, move, caller);
      recordAudit(db, session, { action: 'justify', entity: 'complaint', entityId: id, before, after: snapshot(db, complaint) });
    });
    return answer(id);
  }),

  route('post', apiPaths.complaintVerify(':id'), async ({ request, params }) => {
    const session = requirePrivilege(request, guards.complaintVerify);
    const { caller } = session;
    const { id } = readParams(params, idParamsSchema);
    const { decision, remark } = await readBody(request, shapes.verifyComplaintRequestSchema);
    const complaint = requireComplaint(mockDb(), id);
    const move = orThrow(decideVerify(caller, complaint, decision, remark));
    updateMockDb((db) => {
      const before = snapshot(db, complaint);
      applyMove(db, complaint, move, caller);
      recordAudit(db, session, { action: 'verify', entity: 'complaint', entityId: id, before, after: snapshot(db, complaint) });
    });
    return answer(id);
  }),
];

/** The complaint's photos and findings as `caller` may see them (server/routes/evidence.ts). */
function evidenceFor(caller: Caller, id: number) {
  const db = mockDb();
  const complaint = requireComplaint(db, id);
  orThrow(decideRead(caller, complaint));
  const photos = complaintPhotos(db, complaint);
  const others = photosElsewhere(db, complaint, caller.contractorOrganizationId);
  const { minutesBefore, minutesAfter, farApartMeters } = DEFAULT_EVIDENCE_RULES;
  return {
    photos: photos.map(({ fileId, kind, sha256, metadata }) => ({ fileId, kind, sha256, metadata })),
    findings: evidenceFindings(complaint, photos, others),
    rules: { minutesBefore, minutesAfter, farApartMeters },
  };
}
