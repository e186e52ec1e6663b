import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  claimLinesExportQuerySchema,
  claimRecordCreateSchema,
  claimRecordListQuerySchema,
  claimRecordListResponseSchema,
  claimRecordPaySchema,
  claimRecordResponseSchema,
  CLAIM_SORT_FIELDS,
} from '../../contract/claim-records';
import { idParamsSchema, sortParam } from '../../contract/envelope';
import { apiPaths } from '../../contract/paths';
import { CLAIM_FIRST_SORT, INVOICE_DUE_DAYS } from '../../contract/claim-record-fields';
import { guards } from '../../domain/access';
import { auditRecord } from '../../domain/audit';
import {
  claimableIn,
  claimCsvFileName,
  claimIssuedNotices,
  unknownClaimContract,
  type PricingContract,
  claimLinesCsv,
  claimVisibleTo,
  decideClaimChange,
  decideIssue,
  decidePayment,
  invoiceNoOf,
  issueDates,
  priceClaim,
} from '../../domain/claims';
import { checkTimeZone } from '../../domain/exports';
import { parseSort } from '../../domain/lists';
import { orThrow, problems } from '../../domain/problems';
import type { Caller } from '../../domain/visibility';
import type { Db, DbOrTx } from '../db/client';
import { auditActorOf } from '../http/audit-actor';
import { csvExport, sendCsv } from '../http/stream';
import { ruleCallerOf } from '../plugins/auth';
import { appendAudit } from '../repositories/audit';
import {
  claimedElsewhere,
  defaultRates,
  deleteClaim,
  findClaim,
  finesOf,
  insertClaimNotices,
  insertDraft,
  listClaims,
  markIssued,
  markPaid,
  nextInvoiceSequence,
  pricingContract,
  replaceLines,
} from '../repositories/claims';
import { contractorUserIds, organizationPartyOf, partyOfOrganization } from '../repositories/recipients';

const security = [{ bearer: [] }];

/**
 * Claim records (domain/claims.ts): a contract's fined complaints of a month, priced once and
 * kept as priced; a draft is refreshed, issued or deleted, an issued one paid. Contractors'
 * users read their organisation's issued and paid records only. Every write is one
 * transaction with its audit event.
 */
export const claimRecordRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /** The record as the caller may see it: 404 for one outside its reach. */
  async function visible(tx: DbOrTx, caller: Caller, id: number, lock = false) {
    const record = await findClaim(tx, id, lock);
    if (!record || !claimVisibleTo(caller, { organizationId: record.organization.id, status: record.status }))
      throw problems.notFound('Claim record');
    return record;
  }

  /** The contract as a claim prices it, locked: 400 for one that does not exist. */
  async function contractToPrice(tx: DbOrTx, contractId: number) {
    const contract = await pricingContract(tx, contractId);
    if (!contract) throw unknownClaimContract();
    return contract;
  }

  /** The lines a draft of this contract and month holds now. */
  async function price(tx: DbOrTx, contract: PricingContract, contractId: number, month: string, recordId: number | null) {
    const fines = await finesOf(tx, contractId);
    const claimable = claimableIn(month, fines, await claimedElsewhere(tx, contractId, recordId));
    const rates = await defaultRates(tx);
    return orThrow(priceClaim(contract, month, claimable, fines, (id) => rates.get(id) ?? '0.00'));
  }

  app.get(
    `/${apiPaths.claimRecords}`,
    {
      onRequest: app.requirePrivilege(guards.claimRead),
      schema: {
        operationId: 'listClaimRecords',
        summary: 'List claim records',
        description: 'Claim records, newest month first (sort: month, total, status, invoiceNo; q: invoice, contract, contractor)',
        security,
        querystring: claimRecordListQuerySchema.extend({ sort: sortParam(CLAIM_SORT_FIELDS) }),
        response: { 200: claimRecordListResponseSchema },
      },
    },
    async (request) => {
      const { sort, ...query } = request.query;
      return {
        data: await listClaims(db, {
          ...query,
          sort: parseSort(sort, CLAIM_SORT_FIELDS) ?? CLAIM_FIRST_SORT,
          contractorOrganizationId: ruleCallerOf(request).contractorOrganizationId,
        }),
      };
    },
  );

  app.get(
    `/${apiPaths.claimRecord(':id')}`,
    {
      onRequest: app.requirePrivilege(guards.claimRead),
      schema: {
        operationId: 'getClaimRecord',
        summary: 'Read one claim record',
        description: 'One claim record with its lines',
        security,
        params: idParamsSchema,
        response: { 200: claimRecordResponseSchema },
      },
    },
    async (request) => ({ data: await visible(db, ruleCallerOf(request), request.params.id) }),
  );

  app.get(
    `/${apiPaths.claimRecordCsv(':id')}`,
    {
      onRequest: app.requirePrivilege(guards.claimRead),
      schema: {
        operationId: 'exportClaimRecordCsv',
        summary: 'Export a claim record’s lines as CSV',
        description: 'A claim record’s lines as CSV (headers in `lang`, times in `tz`)',
        security,
        params: idParamsSchema,
        querystring: claimLinesExportQuerySchema,
        ...csvExport('CSV, one line per fined complaint'),
      },
    },
    async (request, reply) => {
      const { lang, tz } = request.query;
      checkTimeZone(tz);
      const record = await visible(db, ruleCallerOf(request), request.params.id);
      return sendCsv(reply, claimCsvFileName(record), Readable.from([claimLinesCsv(record.lines, lang, tz)]));
    },
  );

  app.post(
    `/${apiPaths.claimRecords}`,
    {
      config: {
        problems: [
          problems.claimNothing,
          problems.claimExists,
          problems.claimNoFormula,
          problems.claimFormulaFailed,
          problems.invalidField,
        ],
      },
      onRequest: app.requirePrivilege(guards.claimCreate),
      schema: {
        operationId: 'createClaimRecord',
        summary: 'Draft a claim record',
        description: 'A draft of a contract’s fined complaints of a month that no other record holds, each priced by its formula',
        security,
        body: claimRecordCreateSchema,
        response: { 201: claimRecordResponseSchema },
      },
    },
    async (request, reply) => {
      const { contractId, month } = request.body;
      const created = await db.transaction(async (tx) => {
        const contract = await contractToPrice(tx, contractId);
        // A month already claimed says so, before whether anything is left to claim.
        const id = await insertDraft(tx, contractId, month);
        if (id === null) throw problems.claimExists(contract.contractNo, month);
        const priced = await price(tx, contract, contractId, month, null);
        await replaceLines(tx, id, priced.lines, priced.total);
        const record = (await findClaim(tx, id))!;
        await appendAudit(
          tx,
          auditActorOf(request),
          auditRecord({ action: 'create', entity: 'claim-record', entityId: id, before: null, after: record }),
        );
        return record;
      });
      return reply.code(201).send({ data: created });
    },
  );

  app.post(
    `/${apiPaths.claimRecordMove(':id', 'refresh')}`,
    {
      config: { problems: [problems.claimNotDraft, problems.claimNothing, problems.claimNoFormula, problems.claimFormulaFailed] },
      onRequest: app.requirePrivilege(guards.claimUpdate),
      schema: {
        operationId: 'refreshClaimRecord',
        summary: 'Price a draft again',
        description: 'Price a draft again from the contract’s fines, formula and rates of now',
        security,
        params: idParamsSchema,
        response: { 200: claimRecordResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      return {
        data: await db.transaction(async (tx) => {
          const before = await visible(tx, ruleCallerOf(request), id, true);
          orThrow(decideClaimChange(before, 'refresh'));
          const priced = await price(tx, await contractToPrice(tx, before.contract.id), before.contract.id, before.month, id);
          await replaceLines(tx, id, priced.lines, priced.total);
          const after = (await findClaim(tx, id))!;
          await appendAudit(
            tx,
            auditActorOf(request),
            auditRecord({ action: 'refresh', entity: 'claim-record', entityId: id, before, after }),
          );
          return after;
        }),
      };
    },
  );

  app.post(
    `/${apiPaths.claimRecordMove(':id', 'issue')}`,
    {
      config: { problems: [problems.claimNotDraft, problems.claimNoIssuer] },
      onRequest: app.requirePrivilege(guards.claimUpdate),
      schema: {
        operationId: 'issueClaimRecord',
        summary: 'Issue a claim record as an invoice',
        description: `Issue a draft: an invoice number INV-YYYY-NNNNNN, issued today and due in ${INVOICE_DUE_DAYS} days, naming the issuing officer’s organisation and the contractor as they are today; immutable from then on; the contractor’s users are notified`,
        security,
        params: idParamsSchema,
        response: { 200: claimRecordResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const caller = ruleCallerOf(request);
      return {
        data: await db.transaction(async (tx) => {
          const before = await visible(tx, caller, id, true);
          const issuer = await organizationPartyOf(tx, caller.userId);
          orThrow(decideIssue(before, issuer));
          const billTo = (await partyOfOrganization(tx, before.organization.id))!;
          const { issuedOn, dueOn } = issueDates(Date.now());
          const invoiceNo = invoiceNoOf(issuedOn, await nextInvoiceSequence(tx, Number(issuedOn.slice(0, 4))));
          await markIssued(tx, id, { invoiceNo, issuedOn, dueOn, parties: { issuer: issuer!, billTo } });
          await insertClaimNotices(
            tx,
            claimIssuedNotices({ ...before, invoiceNo, dueOn }, await contractorUserIds(tx, before.organization.id), caller.userId),
          );
          const after = (await findClaim(tx, id))!;
          await appendAudit(
            tx,
            auditActorOf(request),
            auditRecord({ action: 'issue', entity: 'claim-record', entityId: id, before, after }),
          );
          return after;
        }),
      };
    },
  );

  app.post(
    `/${apiPaths.claimRecordMove(':id', 'pay')}`,
    {
      config: { problems: [problems.claimNotIssued, problems.claimPaidBeforeIssue] },
      onRequest: app.requirePrivilege(guards.claimUpdate),
      schema: {
        operationId: 'payClaimRecord',
        summary: 'Mark a claim record paid',
        description: 'Mark an issued record paid, on a day on or after its issue, with the payment’s reference',
        security,
        params: idParamsSchema,
        body: claimRecordPaySchema,
        response: { 200: claimRecordResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { paidOn, reference } = request.body;
      return {
        data: await db.transaction(async (tx) => {
          const before = await visible(tx, ruleCallerOf(request), id, true);
          orThrow(decideClaimChange(before, 'pay'));
          orThrow(decidePayment(before.issuedOn!, paidOn));
          await markPaid(tx, id, { paidOn, paymentReference: reference });
          const after = (await findClaim(tx, id))!;
          await appendAudit(tx, auditActorOf(request), auditRecord({ action: 'pay', entity: 'claim-record', entityId: id, before, after }));
          return after;
        }),
      };
    },
  );

  app.delete(
    `/${apiPaths.claimRecord(':id')}`,
    {
      config: { problems: [problems.claimNotDraft] },
      onRequest: app.requirePrivilege(guards.claimDelete),
      schema: {
        operationId: 'deleteClaimRecord',
        summary: 'Delete a draft claim record',
        description: 'Delete a draft (409 once issued)',
        security,
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const before = await visible(tx, ruleCallerOf(request), id, true);
        orThrow(decideClaimChange(before, 'delete'));
        await deleteClaim(tx, id);
        await appendAudit(
          tx,
          auditActorOf(request),
          auditRecord({ action: 'delete', entity: 'claim-record', entityId: id, before, after: null }),
        );
      });
      return reply.code(204).send(null);
    },
  );
};
