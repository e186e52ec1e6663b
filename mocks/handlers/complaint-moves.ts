import { http, HttpResponse } from 'msw';
import {
  apiPaths,
  complaintInputSchema,
  complaintResponseSchema,
  complaintUpdateSchema,
  DECISION_STATUS,
  isEditable,
  justifyComplaintRequestSchema,
  verifyComplaintRequestSchema,
} from '@contract';
import { menuItems } from '@fixtures';
import { apiRoute } from '../api-route';
import { tell, verifierUserIds } from '../complaint-notices';
import { presentComplaint, requireComplaint } from '../complaint-reads';
import {
  appendHistory,
  checkFiles,
  checkReferences,
  deleteComplaint,
  deleteFiles,
  insertComplaint,
  moveStatus,
  replaceAttachments,
  updateComplaintFields,
} from '../complaint-writes';
import { mockDb, updateMockDb } from '../db';
import { simulateLatency } from '../latency';
import { contractorOrganizationOf, forbidden, reaches, requirePrivilege } from '../privileges';
import { problem } from '../problem';
import { readId, readJsonBody, respond } from '../request-validation';

// The life of a complaint as server/routes/complaint-moves.ts rules it, check for check and
// in the same order: session, matrix, input, then the complaint itself.

const conflict = (detail: string) => problem(409, 'Conflict', detail);

function answer(id: number, status = 200) {
  const db = mockDb();
  return respond(
    complaintResponseSchema,
    { data: presentComplaint(db, requireComplaint(db, id)) },
    status,
  );
}

export const complaintMoveHandlers = [
  http.post(apiRoute(apiPaths.complaints), async ({ request }) => {
    await simulateLatency();
    const { account } = requirePrivilege(request, [menuItems.complaint], 'create');
    const { attachmentFileIds, ...fields } = await readJsonBody(request, complaintInputSchema);
    const id = updateMockDb((db) => {
      checkReferences(db, fields);
      checkFiles(db, account.id, attachmentFileIds);
      const created = insertComplaint(db, fields, account);
      replaceAttachments(db, created, 'complaintAttachments', attachmentFileIds);
      appendHistory(db, created, {
        fromStatus: null,
        toStatus: 1,
        changedBy: account,
        text: 'Registered',
      });
      tell(db, 'registered', created);
      return created.id;
    });
    return answer(id, 201);
  }),

  http.patch(apiRoute(apiPaths.complaint(':id')), async ({ request, params }) => {
    await simulateLatency();
    const { account } = requirePrivilege(request, [menuItems.complaint], 'update');
    const id = readId(params);
    const { attachmentFileIds, ...fields } = await readJsonBody(request, complaintUpdateSchema);
    updateMockDb((db) => {
      const complaint = requireComplaint(db, id);
      if (!isEditable(complaint.status)) {
        throw conflict('Only a submitted complaint can be changed.');
      }
      checkReferences(db, fields, {
        organizationId: complaint.organizationId,
        contractId: complaint.contract?.id ?? null,
      });
      if (attachmentFileIds) {
        checkFiles(db, account.id, attachmentFileIds, { complaint, kind: 'complaintAttachments' });
      }
      updateComplaintFields(db, complaint, fields);
      if (attachmentFileIds) {
        const detached = replaceAttachments(
          db,
          complaint,
          'complaintAttachments',
          attachmentFileIds,
        );
        deleteFiles(db, detached);
      }
    });
    return answer(id);
  }),

  http.delete(apiRoute(apiPaths.complaint(':id')), async ({ request, params }) => {
    await simulateLatency();
    requirePrivilege(request, [menuItems.complaint], 'delete');
    const id = readId(params);
    updateMockDb((db) => {
      const complaint = requireComplaint(db, id);
      if (!isEditable(complaint.status)) {
        throw conflict('Only a submitted complaint can be deleted.');
      }
      deleteComplaint(db, complaint);
    });
    return new HttpResponse(null, { status: 204 });
  }),

  http.post(apiRoute(apiPaths.complaintJustify(':id')), async ({ request, params }) => {
    await simulateLatency();
    const { account } = requirePrivilege(request, [menuItems.justifyComplaint], 'justify');
    const id = readId(params);
    const { justification, attachmentFileIds } = await readJsonBody(
      request,
      justifyComplaintRequestSchema,
    );
    updateMockDb((db) => {
      const complaint = requireComplaint(db, id);
      if (contractorOrganizationOf(account) !== complaint.organizationId) {
        throw forbidden("Only the contractor's own users justify its complaints.");
      }
      if (complaint.status !== 1) {
        throw conflict(
          complaint.status === 2
            ? 'This complaint is already justified.'
            : 'This complaint is already decided.',
        );
      }
      checkFiles(db, account.id, attachmentFileIds, { complaint, kind: 'justificationAttachments' });
      moveStatus(complaint, 2, { justification });
      replaceAttachments(db, complaint, 'justificationAttachments', attachmentFileIds);
      appendHistory(db, complaint, {
        fromStatus: 1,
        toStatus: 2,
        changedBy: account,
        text: justification,
      });
      tell(db, 'justified', complaint, { others: verifierUserIds(db) });
    });
    return answer(id);
  }),

  http.post(apiRoute(apiPaths.complaintVerify(':id')), async ({ request, params }) => {
    await simulateLatency();
    const { account } = requirePrivilege(request, [menuItems.justifyComplaint], 'verify');
    const id = readId(params);
    const body = await readJsonBody(request, verifyComplaintRequestSchema);
    const remark = body.remark || null;
    const to = DECISION_STATUS[body.decision];
    updateMockDb((db) => {
      const complaint = requireComplaint(db, id);
      if (!reaches(account, complaint.organizationId)) {
        throw forbidden("This complaint is not your organisation's.");
      }
      if (complaint.createdById === account.id) {
        throw forbidden('Who registered a complaint may not verify it.');
      }
      const from = complaint.status;
      if (from !== 1 && from !== 2) {
        throw conflict('This complaint is already decided; its status is final.');
      }
      moveStatus(complaint, to, { remark });
      appendHistory(db, complaint, {
        fromStatus: from,
        toStatus: to,
        changedBy: account,
        text: remark ?? '',
      });
      tell(db, to === 3 ? 'fined' : 'waived', complaint, {
        others: [complaint.createdById],
        remark,
      });
    });
    return answer(id);
  }),
];
