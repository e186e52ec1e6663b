import {
  apiPaths,
  COMPLAINT_SORT_FIELDS,
  complaintFormOptionsResponseSchema,
  complaintInputSchema,
  complaintListQuerySchema,
  complaintListResponseSchema,
  complaintResponseSchema,
  complaintUpdateSchema,
  idParamsSchema,
  justifyComplaintRequestSchema,
  verifyComplaintRequestSchema,
} from '@contract';
import { contracts, organizations } from '@fixtures';
import {
  complaintFormOptions,
  decideAttachments,
  decideDelete,
  decideEdit,
  decideJustify,
  decideRead,
  decideReferences,
  decideVerify,
  guards,
  instant,
  LIST_RULES,
  listOrder,
  matchesSearch,
  OPEN_STATUSES,
  orThrow,
  pageRows,
  parseSort,
  reaches,
  registration,
} from '@domain';
import {
  applyMove,
  deleteComplaint,
  deleteFiles,
  insertComplaint,
  presentComplaint,
  referenceLookup,
  replaceAttachments,
  requireComplaint,
  updateComplaintFields,
  usableFiles,
} from '../complaint-store';
import { mockDb, updateMockDb } from '../db';
import { noContent, readBody, readParams, readQuery, respond, route } from '../http';
import { requirePrivilege, requireSession } from '../session';

// The life of a complaint, in the server's order of checks: session, matrix, input, then the
// complaint itself. Every check runs before the first change, so a refusal changes nothing.

function answer(id: number, status = 200) {
  const db = mockDb();
  return respond(complaintResponseSchema, { data: presentComplaint(db, requireComplaint(db, id)) }, status);
}

export const complaintHandlers = [
  route('get', apiPaths.complaints, ({ request }) => {
    requireSession(request);
    const query = readQuery(request, complaintListQuerySchema);
    const history = query.history === 'true';
    const { caller } = requirePrivilege(request, guards.complaintList(history));
    const sort = parseSort(query.sort, COMPLAINT_SORT_FIELDS) ?? LIST_RULES.complaints.first;
    const db = mockDb();
    const rows = db.complaints
      .filter((c) => reaches(caller, c.organizationId) && (history || OPEN_STATUSES.includes(c.status)) && matchesSearch(query.q, LIST_RULES.complaints.searchIn, c))
      .sort(listOrder(sort, (c, field) => (field === 'dateOfMisconduct' || field === 'createdAt' ? instant(c[field]) : c[field]), LIST_RULES.complaints.ties));
    const page = pageRows(rows, query);
    return respond(complaintListResponseSchema, { data: { ...page, items: page.items.map((c) => presentComplaint(db, c)) } });
  }),

  // Before `complaints/:id`, which would take "form-options" for an id.
  route('get', apiPaths.complaintFormOptions, ({ request }) => {
    requirePrivilege(request, guards.complaintFormOptions);
    return respond(complaintFormOptionsResponseSchema, { data: complaintFormOptions(mockDb().typeOfOffences, organizations, contracts) });
  }),

  route('get', apiPaths.complaint(':id'), ({ request, params }) => {
    const { caller } = requirePrivilege(request, guards.complaintRead);
    const { id } = readParams(params, idParamsSchema);
    orThrow(decideRead(caller, requireComplaint(mockDb(), id)));
    return answer(id);
  }),

  route('post', apiPaths.complaints, async ({ request }) => {
    const { caller } = requirePrivilege(request, guards.complaintCreate);
    const { attachmentFileIds, ...fields } = await readBody(request, complaintInputSchema);
    const db = mockDb();
    orThrow(await decideReferences(fields, undefined, referenceLookup(db)));
    orThrow(decideAttachments(attachmentFileIds, usableFiles(db, caller.userId)));
    const id = updateMockDb((db) => {
      const created = insertComplaint(db, fields, caller.userId);
      replaceAttachments(db, created, 'complaint', attachmentFileIds);
      applyMove(db, created, registration, caller);
      return created.id;
    });
    return answer(id, 201);
  }),

  route('patch', apiPaths.complaint(':id'), async ({ request, params }) => {
    const { caller } = requirePrivilege(request, guards.complaintUpdate);
    const { id } = readParams(params, idParamsSchema);
    const { attachmentFileIds, ...fields } = await readBody(request, complaintUpdateSchema);
    const complaint = requireComplaint(mockDb(), id);
    orThrow(decideEdit(complaint));
    const current = { organizationId: complaint.organizationId, contractId: complaint.contractId };
    orThrow(await decideReferences(fields, current, referenceLookup(mockDb())));
    const kind = 'complaint';
    if (attachmentFileIds) orThrow(decideAttachments(attachmentFileIds, usableFiles(mockDb(), caller.userId, { complaint, kind })));
    updateMockDb((db) => {
      updateComplaintFields(complaint, fields);
      if (attachmentFileIds) deleteFiles(db, replaceAttachments(db, complaint, kind, attachmentFileIds));
    });
    return answer(id);
  }),

  route('delete', apiPaths.complaint(':id'), ({ request, params }) => {
    requirePrivilege(request, guards.complaintDelete);
    const { id } = readParams(params, idParamsSchema);
    const complaint = requireComplaint(mockDb(), id);
    orThrow(decideDelete(complaint));
    updateMockDb((db) => deleteComplaint(db, complaint));
    return noContent();
  }),

  route('post', apiPaths.complaintJustify(':id'), async ({ request, params }) => {
    const { caller } = requirePrivilege(request, guards.complaintJustify);
    const { id } = readParams(params, idParamsSchema);
    const { justification, attachmentFileIds } = await readBody(request, justifyComplaintRequestSchema);
    const complaint = requireComplaint(mockDb(), id);
    const move = orThrow(decideJustify(caller, complaint, justification));
    const kind = 'justification';
    orThrow(decideAttachments(attachmentFileIds, usableFiles(mockDb(), caller.userId, { complaint, kind })));
    updateMockDb((db) => {
      replaceAttachments(db, complaint, kind, attachmentFileIds);
      applyMove(db, complaint, move, caller);
    });
    return answer(id);
  }),

  route('post', apiPaths.complaintVerify(':id'), async ({ request, params }) => {
    const { caller } = requirePrivilege(request, guards.complaintVerify);
    const { id } = readParams(params, idParamsSchema);
    const { decision, remark } = await readBody(request, verifyComplaintRequestSchema);
    const complaint = requireComplaint(mockDb(), id);
    const move = orThrow(decideVerify(caller, complaint, decision, remark || null));
    updateMockDb((db) => applyMove(db, complaint, move, caller));
    return answer(id);
  }),
];
