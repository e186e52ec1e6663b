import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problems } from '../../domain/problems';
import { z } from 'zod';
import { complaintNotice, DECISION_STATUS, isEditable, type ComplaintNoticeKind } from '../../contract/complaint-rules';
import type { ComplaintStatusCode } from '../../contract/complaint-status';
import {
  complaintFormOptionsResponseSchema,
  complaintInputSchema,
  complaintResponseSchema,
  complaintUpdateSchema,
  justifyComplaintRequestSchema,
  verifyComplaintRequestSchema,
} from '../../contract/complaints';
import { apiPaths } from '../../contract/paths';
import type { Db, Tx } from '../db/client';
import { forbidden, invalidField, notFound, Problem } from '../http/problem';
import { callerOf, type Caller } from '../plugins/auth';
import {
  appendHistory,
  complaintFormOptions,
  contractBelongsTo,
  contractorUserIds,
  deleteComplaint,
  deleteFiles,
  insertComplaint,
  lockComplaint,
  moveStatus,
  notifyUsers,
  offenceTypeIsActive,
  replaceAttachments,
  updateComplaintFields,
  usableFileIds,
  verifierUserIds,
  type ComplaintFields,
  type LockedComplaint,
} from '../repositories/complaint-writes';
import { findComplaint } from '../repositories/complaints';
import { MENU } from './menu-keys';

interface Options {
  db: Db;
  fileUrl: (fileId: string) => string;
  filesDir: string;
}

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const security = [{ bearer: [] }];

const conflict = (detail: string) => new Problem(409, 'Conflict', detail);

/** The complaint's own images of that kind, or the caller's files not used elsewhere; otherwise 400 on the field. */
async function checkFiles(tx: Tx, caller: Caller, fileIds: string[], current?: Parameters<typeof usableFileIds>[3]) {
  const usable = await usableFileIds(tx, caller.account.user.id, fileIds, current);
  if (new Set(fileIds).size !== fileIds.length || fileIds.some((id) => !usable.has(id))) {
    throw invalidField('attachmentFileIds', 'Attach images you uploaded for this complaint, each once.');
  }
}

/** The form's references must exist: an active offence type, a contract of that contractor. */
async function checkReferences(tx: Tx, fields: Partial<ComplaintFields>, current?: { organizationId: number; contractId: number | null }) {
  if (fields.typeOfOffenceId !== undefined && !(await offenceTypeIsActive(tx, fields.typeOfOffenceId))) {
    throw invalidField('typeOfOffenceId', 'Select an active type of offence.');
  }
  const organizationId = fields.organizationId ?? current?.organizationId;
  const contractId = fields.contractId ?? current?.contractId;
  if ((fields.organizationId !== undefined || fields.contractId !== undefined) && (!organizationId || !contractId || !(await contractBelongsTo(tx, contractId, organizationId)))) {
    throw invalidField('contractId', 'Select a contract of the chosen contractor.');
  }
}

/**
 * The life of a complaint (PRODUCT.md, complaint states): officers register, edit and delete
 * it while it is submitted; the contractor's users justify it; verifiers fine or waive it.
 * Each move is one transaction with its history row and its notifications.
 */
export const complaintMoveRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, fileUrl, filesDir }) => {
  async function answer(id: number) {
    return { data: (await findComplaint(db, id, fileUrl))!.complaint };
  }
  async function removeFromDisk(storageNames: string[]) {
    await Promise.all(storageNames.map((name) => rm(join(filesDir, name), { force: true })));
  }
  async function tell(tx: Tx, kind: ComplaintNoticeKind, c: LockedComplaint, recipients: { contractor: number[]; others: number[] }, remark: string | null = null) {
    const facts = { refNo: c.refNo, offence: c.offence, organization: c.organizationName, location: c.location, remark };
    await notifyUsers(tx, recipients.contractor, { ...complaintNotice(kind, { ...facts, toContractor: true }), complaintId: c.id });
    await notifyUsers(tx, recipients.others.filter((id) => !recipients.contractor.includes(id)), { ...complaintNotice(kind, { ...facts, toContractor: false }), complaintId: c.id });
  }

  app.get(`/${apiPaths.complaintFormOptions}`, {
    onRequest: app.requirePrivilege([MENU.complaint], 'view'),
    schema: { summary: 'What the complaint form offers: active offence types, contractors and their contracts', security, response: { 200: complaintFormOptionsResponseSchema } },
  }, async () => ({ data: await complaintFormOptions(db) }));

  app.post(`/${apiPaths.complaints}`, {
    config: { problems: [problems.contractNotOfContractor] },
    onRequest: app.requirePrivilege([MENU.complaint], 'create'),
    schema: { summary: 'Register a complaint (status 1); the contractor’s users are notified', security, body: complaintInputSchema, response: { 201: complaintResponseSchema } },
  }, async (request, reply) => {
    const caller = callerOf(request);
    const { attachmentFileIds, ...fields } = request.body;
    const id = await db.transaction(async (tx) => {
      await checkReferences(tx, fields);
      await checkFiles(tx, caller, attachmentFileIds);
      const created = await insertComplaint(tx, fields, caller.account.user.id);
      await replaceAttachments(tx, created.id, 'complaint', attachmentFileIds);
      await appendHistory(tx, { complaintId: created.id, fromStatus: null, toStatus: 1, changedById: caller.account.user.id, text: 'Registered' });
      const locked = (await lockComplaint(tx, created.id))!;
      await tell(tx, 'registered', locked, { contractor: await contractorUserIds(tx, locked.organizationId), others: [] });
      return created.id;
    });
    return reply.code(201).send(await answer(id));
  });

  app.patch(`/${apiPaths.complaint(':id')}`, {
    config: { problems: [problems.complaintNotEditable] },
    onRequest: app.requirePrivilege([MENU.complaint], 'update'),
    schema: { summary: 'Change a complaint while it is submitted (status 1)', security, params: idParams, body: complaintUpdateSchema, response: { 200: complaintResponseSchema } },
  }, async (request) => {
    const caller = callerOf(request);
    const { id } = request.params;
    const { attachmentFileIds, ...fields } = request.body;
    const removed = await db.transaction(async (tx) => {
      const locked = await lockComplaint(tx, id);
      if (!locked) throw notFound('Complaint');
      if (!isEditable(locked.status as ComplaintStatusCode)) throw conflict('Only a submitted complaint can be changed.');
      const current = await findComplaint(tx, id, fileUrl);
      await checkReferences(tx, fields, { organizationId: locked.organizationId, contractId: current!.complaint.contract?.id ?? null });
      if (attachmentFileIds) await checkFiles(tx, caller, attachmentFileIds, { complaintId: id, kind: 'complaint' });
      await updateComplaintFields(tx, id, fields);
      return attachmentFileIds ? deleteFiles(tx, await replaceAttachments(tx, id, 'complaint', attachmentFileIds)) : [];
    });
    await removeFromDisk(removed);
    return answer(id);
  });

  app.delete(`/${apiPaths.complaint(':id')}`, {
    config: { problems: [problems.complaintNotEditable] },
    onRequest: app.requirePrivilege([MENU.complaint], 'delete'),
    schema: { summary: 'Delete a submitted complaint (status 1) and its images', security, params: idParams, response: { 204: z.null() } },
  }, async (request, reply) => {
    const removed = await db.transaction(async (tx) => {
      const locked = await lockComplaint(tx, request.params.id);
      if (!locked) throw notFound('Complaint');
      if (!isEditable(locked.status as ComplaintStatusCode)) throw conflict('Only a submitted complaint can be deleted.');
      return deleteComplaint(tx, locked.id);
    });
    await removeFromDisk(removed);
    return reply.code(204).send(null);
  });

  app.post(`/${apiPaths.complaintJustify(':id')}`, {
    config: { problems: [problems.justifyNotContractor, problems.complaintAlreadyJustified] },
    onRequest: app.requirePrivilege([MENU.verifyComplaint], 'justify'),
    schema: { summary: 'Justify a submitted complaint against your organisation (1 → 2); verifiers are notified', security, params: idParams, body: justifyComplaintRequestSchema, response: { 200: complaintResponseSchema } },
  }, async (request) => {
    const caller = callerOf(request);
    const { id } = request.params;
    await db.transaction(async (tx) => {
      const locked = await lockComplaint(tx, id);
      if (!locked) throw notFound('Complaint');
      if (caller.account.contractorOrganizationId !== locked.organizationId) throw forbidden("Only the contractor's own users justify its complaints.");
      if (locked.status !== 1) throw conflict(locked.status === 2 ? 'This complaint is already justified.' : 'This complaint is already decided.');
      await checkFiles(tx, caller, request.body.attachmentFileIds, { complaintId: id, kind: 'justification' });
      if (!(await moveStatus(tx, id, [1], 2, { justification: request.body.justification }))) throw conflict('This complaint has just been moved by someone else.');
      await replaceAttachments(tx, id, 'justification', request.body.attachmentFileIds);
      await appendHistory(tx, { complaintId: id, fromStatus: 1, toStatus: 2, changedById: caller.account.user.id, text: request.body.justification });
      await tell(tx, 'justified', locked, { contractor: await contractorUserIds(tx, locked.organizationId), others: await verifierUserIds(tx, MENU.verifyComplaint) });
    });
    return answer(id);
  });

  app.post(`/${apiPaths.complaintVerify(':id')}`, {
    config: { problems: [problems.verifyOwnComplaint, problems.complaintFinal] },
    onRequest: app.requirePrivilege([MENU.verifyComplaint], 'verify'),
    schema: { summary: 'Fine (→ 3) or waive (→ 4) a submitted or justified complaint; final', security, params: idParams, body: verifyComplaintRequestSchema, response: { 200: complaintResponseSchema } },
  }, async (request) => {
    const caller = callerOf(request);
    const { id } = request.params;
    const remark = request.body.remark || null;
    const to = DECISION_STATUS[request.body.decision];
    await db.transaction(async (tx) => {
      const locked = await lockComplaint(tx, id);
      if (!locked) throw notFound('Complaint');
      const scope = caller.account.contractorOrganizationId;
      if (scope !== null && scope !== locked.organizationId) throw forbidden("This complaint is not your organisation's.");
      if (locked.createdById === caller.account.user.id) throw forbidden('Who registered a complaint may not verify it.');
      if (locked.status !== 1 && locked.status !== 2) throw conflict('This complaint is already decided; its status is final.');
      if (!(await moveStatus(tx, id, [1, 2], to, { remark }))) throw conflict('This complaint has just been decided by someone else.');
      await appendHistory(tx, { complaintId: id, fromStatus: locked.status, toStatus: to, changedById: caller.account.user.id, text: remark ?? '' });
      await tell(tx, to === 3 ? 'fined' : 'waived', locked, { contractor: await contractorUserIds(tx, locked.organizationId), others: [locked.createdById] }, remark);
    });
    return answer(id);
  });
};
