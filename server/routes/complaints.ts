import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditAction } from '../../contract/audit-entities';
import { auditRecord, complaintSnapshot } from '../../domain/audit';
import { auditActorOf } from '../http/audit-actor';
import type { FileStore } from '../services/file-store';
import { appendAudit } from '../repositories/audit';
import { z } from 'zod';
import { COMPLAINT_SORT_FIELDS } from '../../contract/complaint-status';
import {
  complaintFilterOptionsResponseSchema,
  complaintFormOptionsResponseSchema,
  complaintExportQuerySchema,
  complaintInputSchema,
  complaintListQuerySchema,
  complaintListResponseSchema,
  complaintResponseSchema,
  complaintUpdateSchema,
  MY_MOVES_LIMIT,
  myComplaintMovesResponseSchema,
  justifyComplaintRequestSchema,
  verifyComplaintRequestSchema,
} from '../../contract/complaints';
import { idParamsSchema, sortParam } from '../../contract/envelope';
import { apiPaths } from '../../contract/paths';
import { guards } from '../../domain/access';
import {
  complaintFilterOptions,
  complaintFormOptions,
  decideAttachments,
  decideDelete,
  decideEdit,
  decideJustify,
  decideMadeOffline,
  decideRead,
  decideReferences,
  decideVerify,
  registration,
  usableFileIds,
  type Move,
} from '../../domain/complaints';
import { complaintSelection } from '../../domain/complaint-filters';
import { isFinal } from '../../domain/complaint-states';
import { checkTimeZone, complaintCsv } from '../../domain/exports';
import { LIST_RULES, parseSort, readCursor } from '../../domain/lists';
import { orThrow, problems } from '../../domain/problems';
import type { Db, Tx } from '../db/client';
import { ruleCallerOf } from '../plugins/auth';
import { keyedRequest, writeOnce } from '../services/idempotent-writes';
import { idempotentWrite } from '../openapi/idempotency';
import {
  attachmentFacts,
  complaintFormChoices,
  contractPeriod,
  deleteComplaint,
  deleteFiles,
  insertComplaint,
  lockComplaint,
  offenceTypeIsActive,
  recordMove,
  recordWithdrawal,
  replaceAttachments,
  updateComplaintFields,
  type LockedComplaint,
} from '../repositories/complaint-writes';
import { enqueueNoticeMails } from '../repositories/mail-outbox';
import type { Mailer } from '../services/mailer';
import { exportComplaints, findComplaint, listComplaints, movesBy } from '../repositories/complaints';
import { complaintsAlike, refreshEvidenceFlags } from '../repositories/evidence';
import type { EvidenceRules } from '../../domain/evidence';
import { csvChunks, csvExport, sendCsv, streamInTransaction } from '../http/stream';

interface Options {
  db: Db;
  fileUrl: (fileId: string) => string;
  store: FileStore;
  mailer: Mailer;
  /** Where the SPA is, for the links in notices mailed. */
  appUrl: string;
  /** How long an export may hold its database connection. */
  exportLimitMs: number;
  /** What makes a photo's finding (the window, the distance): the complaints' finding flags follow them. */
  rules: EvidenceRules;
}

const security = [{ bearer: [] }];
type Kind = 'complaint' | 'justification';

/**
 * The life of a complaint (PRODUCT.md, complaint states): officers register, edit and delete
 * it while it is submitted; the contractor's users justify it; verifiers fine or waive it.
 * Each write loads the complaint locked, asks domain/complaints.ts, and stores the move with
 * its history row and notices in one transaction.
 */
export const complaintRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { db, fileUrl, store, mailer, appUrl, exportLimitMs, rules },
) => {
  async function answer(id: number) {
    return { data: (await findComplaint(db, id, fileUrl))!.complaint };
  }
  async function lockOrNotFound(tx: Tx, id: number) {
    const locked = await lockComplaint(tx, id);
    if (!locked) throw problems.notFound('Complaint');
    return locked;
  }
  async function checkAttachments(tx: Tx, userId: number, fileIds: string[], current?: { complaintId: number; kind: Kind }) {
    orThrow(decideAttachments(fileIds, usableFileIds(await attachmentFacts(tx, userId, fileIds, current))));
  }
  /** Stores the move and keeps its notices' mails; answers the mails' ids, to send after commit. */
  async function record(tx: Tx, complaint: LockedComplaint, move: Move, userId: number) {
    const notices = await recordMove(tx, complaint, move, userId);
    if (!notices) throw problems.complaintMovedMeanwhile(isFinal(move.to) ? 'decided' : 'moved');
    return enqueueNoticeMails(tx, notices, appUrl);
  }
  /** Sends after the answer: a slow or refusing SMTP server neither delays nor fails the move. */
  function send(mailIds: readonly number[]) {
    for (const id of mailIds)
      void mailer.deliver(id).catch((error: unknown) => app.log.error({ err: error, mailId: id }, 'notice mail not sent'));
  }
  /**
   * The finding flags of a complaint whose photos or stated time changed, and of the complaints
   * that shared a photo with it before (`before`) or do now.
   */
  async function reflag(tx: Tx, id: number, before: readonly number[]) {
    await refreshEvidenceFlags(tx, [id, ...before, ...(await complaintsAlike(tx, id))], rules);
  }
  /** The complaint as the audit trail keeps it. */
  const snapshot = async (tx: Tx, id: number) => complaintSnapshot((await findComplaint(tx, id, fileUrl))!.complaint);
  const audit = (request: FastifyRequest, tx: Tx, action: AuditAction, id: number, before: object | null, after: object | null) =>
    appendAudit(
      tx,
      auditActorOf(request),
      auditRecord({
        action,
        entity: 'complaint',
        entityId: id,
        before: before as Record<string, unknown> | null,
        after: after as Record<string, unknown> | null,
      }),
    );
  const lookup = (tx: Tx) => ({
    offenceTypeIsActive: (id: number) => offenceTypeIsActive(tx, id),
    contractOf: (id: number) => contractPeriod(tx, id),
  });

  app.get(
    `/${apiPaths.complaints}`,
    {
      config: { problems: [problems.forbidden, problems.badCursor, problems.periodReversed] },
      onRequest: app.requireCaller,
      schema: {
        operationId: 'listComplaints',
        summary: 'List complaints',
        description: 'Complaints the caller may see: open ones, or every status with history=true',
        security,
        querystring: complaintListQuerySchema.extend({ sort: sortParam(COMPLAINT_SORT_FIELDS) }),
        response: { 200: complaintListResponseSchema },
      },
    },
    async (request) => {
      const { history, page, limit, sort, q, cursor, ...filter } = request.query;
      const isHistory = history === 'true';
      await app.requirePrivilege(guards.complaintList(isHistory))(request);
      const scope = { organizationId: ruleCallerOf(request).contractorOrganizationId };
      const order = parseSort(sort, COMPLAINT_SORT_FIELDS);
      const query = {
        selection: complaintSelection(filter, isHistory, Date.now(), scope.organizationId),
        page,
        limit,
        sort: order,
        q,
        place: readCursor(cursor, order ?? LIST_RULES.complaints.first),
      };
      return { data: await listComplaints(db, scope, query, fileUrl) };
    },
  );

  app.get(
    `/${apiPaths.complaintsCsv}`,
    {
      config: { problems: [problems.forbidden, problems.periodReversed] },
      onRequest: app.requireCaller,
      schema: {
        operationId: 'exportComplaintsCsv',
        summary: 'Export complaints as CSV',
        description: 'Every complaint the list query selects, as CSV (headers and statuses in `lang`, times in `tz`); streamed',
        security,
        querystring: complaintExportQuerySchema.extend({ sort: sortParam(COMPLAINT_SORT_FIELDS) }),
        ...csvExport('CSV, one line per complaint'),
      },
    },
    async (request, reply) => {
      const { history, sort, q, lang, tz, ...filter } = request.query;
      const isHistory = history === 'true';
      await app.requirePrivilege(guards.complaintList(isHistory))(request);
      const scope = { organizationId: ruleCallerOf(request).contractorOrganizationId };
      const query = {
        selection: complaintSelection(filter, isHistory, Date.now(), scope.organizationId),
        sort: parseSort(sort, COMPLAINT_SORT_FIELDS),
        q,
      };
      const zone = checkTimeZone(tz);
      const lines = await streamInTransaction(db, request.log, exportLimitMs, (tx) =>
        csvChunks(complaintCsv.header(lang), exportComplaints(tx, scope, query), (c) => complaintCsv.line(c, lang, zone)),
      );
      return sendCsv(reply, complaintCsv.fileName(isHistory), lines);
    },
  );

  app.get(
    `/${apiPaths.myComplaintMoves}`,
    {
      onRequest: app.requireCaller,
      schema: {
        operationId: 'listMyComplaintMoves',
        summary: 'List your latest complaint moves',
        description: `Your own latest complaint moves (at most ${MY_MOVES_LIMIT}), newest first`,
        security,
        response: { 200: myComplaintMovesResponseSchema },
      },
    },
    async (request) => ({ data: { items: await movesBy(db, ruleCallerOf(request).userId, MY_MOVES_LIMIT) } }),
  );

  // Before `complaints/:id`, which would take "form-options" for an id.
  app.get(
    `/${apiPaths.complaintFormOptions}`,
    {
      onRequest: app.requirePrivilege(guards.complaintFormOptions),
      schema: {
        operationId: 'getComplaintFormOptions',
        summary: 'Read what the complaint form offers',
        description: 'What the complaint form offers: active offence types, contractors and their contracts',
        security,
        response: { 200: complaintFormOptionsResponseSchema },
      },
    },
    async () => ({ data: complaintFormOptions(...(await complaintFormChoices(db))) }),
  );

  app.get(
    `/${apiPaths.complaintFilterOptions}`,
    {
      onRequest: app.requirePrivilege(guards.complaintFilterOptions),
      schema: {
        operationId: 'getComplaintFilterOptions',
        summary: 'Read what the complaint lists filter by',
        description: 'What the complaint lists filter by: every offence type, and the contractors the caller may see',
        security,
        response: { 200: complaintFilterOptionsResponseSchema },
      },
    },
    async (request) => {
      const [types, orgs, held] = await complaintFormChoices(db);
      return { data: complaintFilterOptions(ruleCallerOf(request), types, orgs, held) };
    },
  );

  app.get(
    `/${apiPaths.complaint(':id')}`,
    {
      config: { problems: [problems.complaintNotYours] },
      onRequest: app.requirePrivilege(guards.complaintRead),
      schema: {
        operationId: 'getComplaint',
        summary: 'Read one complaint',
        description: 'One complaint',
        security,
        params: idParamsSchema,
        response: { 200: complaintResponseSchema },
      },
    },
    async (request) => {
      const found = await findComplaint(db, request.params.id, fileUrl);
      if (!found) throw problems.notFound('Complaint');
      orThrow(decideRead(ruleCallerOf(request), found));
      return { data: found.complaint };
    },
  );

  app.post(
    `/${apiPaths.complaints}`,
    {
      config: {
        problems: [
          problems.offenceTypeNotActive,
          problems.contractNotOfContractor,
          problems.contractNotRunning,
          problems.attachmentsNotUsable,
          problems.madeOfflineBeforeMisconduct,
          ...idempotentWrite(201).problems,
        ],
        openapi: idempotentWrite(201).openapi,
      },
      onRequest: app.requirePrivilege(guards.complaintCreate),
      schema: {
        operationId: 'createComplaint',
        summary: 'Register a complaint',
        description:
          'Register a complaint (status 1); the contractor’s users are notified. A phone that made it offline says when and on what (`madeOffline`): not before the misconduct; the complaint is registered when it arrives',
        security,
        body: complaintInputSchema,
        response: { 201: complaintResponseSchema },
      },
    },
    async (request, reply) => {
      const { userId } = ruleCallerOf(request);
      const { attachmentFileIds, ...fields } = request.body;
      // A complaint sent again under its Idempotency-Key (an offline queue's retry) is registered once.
      const written = await writeOnce(db, reply, keyedRequest(request, userId, 'createComplaint', request.body), {
        status: 201,
        write: async (tx) => {
          orThrow(decideMadeOffline(fields));
          orThrow(await decideReferences(fields, undefined, lookup(tx)));
          await checkAttachments(tx, userId, attachmentFileIds);
          const created = await insertComplaint(tx, fields, userId);
          await replaceAttachments(tx, created.id, 'complaint', attachmentFileIds);
          await reflag(tx, created.id, []);
          const mailIds = await record(tx, (await lockComplaint(tx, created.id))!, registration, userId);
          await audit(request, tx, 'create', created.id, null, await snapshot(tx, created.id));
          return { madeId: created.id, mailIds };
        },
        answerOf: ({ madeId }) => answer(Number(madeId)),
      });
      if (written) send(written.mailIds);
      return reply;
    },
  );

  app.patch(
    `/${apiPaths.complaint(':id')}`,
    {
      config: {
        problems: [
          problems.complaintNotEditable,
          problems.offenceTypeNotActive,
          problems.contractNotOfContractor,
          problems.contractNotRunning,
          problems.attachmentsNotUsable,
          problems.misconductAfterMadeOffline,
        ],
      },
      onRequest: app.requirePrivilege(guards.complaintUpdate),
      schema: {
        operationId: 'updateComplaint',
        summary: 'Change a submitted complaint',
        description:
          'Change a complaint while it is submitted (status 1); `coordinates: null` clears where the officer stood. Whether it was made offline never changes',
        security,
        params: idParamsSchema,
        body: complaintUpdateSchema,
        response: { 200: complaintResponseSchema },
      },
    },
    async (request) => {
      const { userId } = ruleCallerOf(request);
      const { id } = request.params;
      const { attachmentFileIds, ...fields } = request.body;
      const removed = await db.transaction(async (tx) => {
        const locked = await lockOrNotFound(tx, id);
        orThrow(decideEdit(locked));
        orThrow(decideMadeOffline(fields, locked));
        orThrow(await decideReferences(fields, locked, lookup(tx)));
        if (attachmentFileIds) await checkAttachments(tx, userId, attachmentFileIds, { complaintId: id, kind: 'complaint' });
        const before = await snapshot(tx, id);
        const alike = await complaintsAlike(tx, id);
        await updateComplaintFields(tx, id, fields);
        const removed = attachmentFileIds ? await deleteFiles(tx, await replaceAttachments(tx, id, 'complaint', attachmentFileIds)) : [];
        await reflag(tx, id, alike);
        await audit(request, tx, 'update', id, before, await snapshot(tx, id));
        return removed;
      });
      await store.remove(removed);
      return answer(id);
    },
  );

  app.delete(
    `/${apiPaths.complaint(':id')}`,
    {
      config: { problems: [problems.complaintNotEditable] },
      onRequest: app.requirePrivilege(guards.complaintDelete),
      schema: {
        operationId: 'deleteComplaint',
        summary: 'Delete a submitted complaint',
        description:
          'Delete a submitted complaint (status 1) and its images; whoever was notified of it is told it was withdrawn, and its notices say so',
        security,
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { removed, mailIds } = await db.transaction(async (tx) => {
        const locked = await lockOrNotFound(tx, request.params.id);
        orThrow(decideDelete(locked));
        await audit(request, tx, 'delete', locked.id, await snapshot(tx, locked.id), null);
        const alike = await complaintsAlike(tx, locked.id);
        const mailIds = await enqueueNoticeMails(tx, await recordWithdrawal(tx, locked, ruleCallerOf(request).userId), appUrl);
        const removed = await deleteComplaint(tx, locked.id);
        await refreshEvidenceFlags(tx, alike, rules);
        return { removed, mailIds };
      });
      send(mailIds);
      await store.remove(removed);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `/${apiPaths.complaintJustify(':id')}`,
    {
      config: {
        problems: [
          problems.justifyNotContractor,
          problems.complaintAlreadyJustified,
          problems.complaintAlreadyDecided,
          problems.justifyDeadlinePassed,
          problems.complaintMovedMeanwhile,
          problems.attachmentsNotUsable,
        ],
      },
      onRequest: app.requirePrivilege(guards.complaintJustify),
      schema: {
        operationId: 'justifyComplaint',
        summary: 'Justify a complaint',
        description: 'Justify a submitted complaint against your organisation (1 → 2); verifiers are notified',
        security,
        params: idParamsSchema,
        body: justifyComplaintRequestSchema,
        response: { 200: complaintResponseSchema },
      },
    },
    async (request) => {
      const caller = ruleCallerOf(request);
      const { id } = request.params;
      const { justification, attachmentFileIds } = request.body;
      send(
        await db.transaction(async (tx) => {
          const locked = await lockOrNotFound(tx, id);
          const move = orThrow(decideJustify(caller, locked, justification, Date.now()));
          await checkAttachments(tx, caller.userId, attachmentFileIds, { complaintId: id, kind: 'justification' });
          const before = await snapshot(tx, id);
          const mailIds = await record(tx, locked, move, caller.userId);
          const alike = await complaintsAlike(tx, id);
          await replaceAttachments(tx, id, 'justification', attachmentFileIds);
          await reflag(tx, id, alike);
          await audit(request, tx, 'justify', id, before, await snapshot(tx, id));
          return mailIds;
        }),
      );
      return answer(id);
    },
  );

  app.post(
    `/${apiPaths.complaintVerify(':id')}`,
    {
      config: {
        problems: [problems.complaintNotYours, problems.verifyOwnComplaint, problems.complaintFinal, problems.complaintMovedMeanwhile],
      },
      onRequest: app.requirePrivilege(guards.complaintVerify),
      schema: {
        operationId: 'verifyComplaint',
        summary: 'Fine or waive a complaint',
        description: 'Fine (→ 3) or waive (→ 4) a submitted or justified complaint; final',
        security,
        params: idParamsSchema,
        body: verifyComplaintRequestSchema,
        response: { 200: complaintResponseSchema },
      },
    },
    async (request) => {
      const caller = ruleCallerOf(request);
      const { id } = request.params;
      send(
        await db.transaction(async (tx) => {
          const locked = await lockOrNotFound(tx, id);
          const move = orThrow(decideVerify(caller, locked, request.body.decision, request.body.remark));
          const before = await snapshot(tx, id);
          const mailIds = await record(tx, locked, move, caller.userId);
          await audit(request, tx, 'verify', id, before, await snapshot(tx, id));
          return mailIds;
        }),
      );
      return answer(id);
    },
  );
};
