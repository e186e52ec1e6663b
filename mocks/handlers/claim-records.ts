import * as claims from '@contract/claim-records';
import { apiPaths, CLAIM_FIRST_SORT, CLAIM_MOVES, CLAIM_STATUSES, COMPLAINT_STATUS, idParamsSchema } from '@contract';
import {
  checkTimeZone,
  claimableIn,
  claimCsvFileName,
  unknownClaimContract,
  claimIssuedNotices,
  claimLinesCsv,
  claimVisibleTo,
  containsText,
  decideClaimChange,
  decideIssue,
  decidePayment,
  guards,
  invoiceNoOf,
  issueDates,
  listOrder,
  orThrow,
  pageRows,
  parseSort,
  partyOf,
  priceClaim,
  problems,
  type Caller,
  type FinedComplaint,
} from '@domain';
import { recordAudit } from '../audit';
import { contractorUserIds, mockDb, personaOf, updateMockDb, type MockDbState, type StoredAccount, type StoredClaimRecord } from '../db';
import { csvResponse, noContent, readBody, readParams, readQuery, respond, route } from '../http';
import { requirePrivilege } from '../session';

type Db = Readonly<MockDbState>;

/** A stored record as the API shows it: its contract and contractor by their names of today. */
function shown(db: Db, r: StoredClaimRecord): claims.ClaimRecordDetail {
  const { contractId, ...rest } = r;
  const contract = db.contracts.find((c) => c.id === contractId)!;
  const organization = db.catalogues.organizations.find((o) => o.id === contract.organizationId)!;
  return {
    ...rest,
    contract: { id: contract.id, contractNo: contract.contractNo, title: contract.title },
    organization: { id: organization.id, name: organization.name },
    lineCount: r.lines.length,
  };
}

function visible(db: Db, caller: Caller, id: number) {
  const stored = db.claimRecords.find((r) => r.id === id);
  const record = stored && shown(db, stored);
  if (!record || !claimVisibleTo(caller, { organizationId: record.organization.id, status: record.status }))
    throw problems.notFound('Claim record');
  return record;
}

/** The contract's fines, each with when it was fined. */
function finesOf(db: Db, contractId: number): FinedComplaint[] {
  return db.complaints
    .filter((c) => c.contractId === contractId && c.status === COMPLAINT_STATUS.fined)
    .map((c) => ({
      id: c.id,
      refNo: c.refNo,
      contractId,
      typeOfOffence: { id: c.typeOfOffenceId, name: db.catalogues['type-of-offences'].find((t) => t.id === c.typeOfOffenceId)!.name },
      dateOfMisconduct: c.dateOfMisconduct,
      qty: c.qty,
      finedAt: c.history.filter((h) => h.toStatus === COMPLAINT_STATUS.fined).at(-1)!.changedAt,
    }));
}

const organizationOf = (db: Db, id: number | null) => db.catalogues.organizations.find((o) => o.id === id) ?? null;

/** Issue: the invoice's number, dates and parties; its notices. */
function issue(db: MockDbState, stored: StoredClaimRecord, record: claims.ClaimRecordDetail, account: StoredAccount) {
  const issuer = organizationOf(db, personaOf(db, account).organizationId);
  orThrow(decideIssue(record, issuer && partyOf(issuer)));
  const { issuedOn, dueOn } = issueDates(Date.now());
  const year = Number(issuedOn.slice(0, 4));
  db.invoiceCounters[year] = (db.invoiceCounters[year] ?? 0) + 1;
  const invoiceNo = invoiceNoOf(issuedOn, db.invoiceCounters[year]!);
  const parties = { issuer: partyOf(issuer!), billTo: partyOf(organizationOf(db, record.organization.id)!) };
  Object.assign(stored, { status: CLAIM_MOVES.issue.to, invoiceNo, issuedOn, dueOn, parties });
  const at = new Date().toISOString();
  for (const notice of claimIssuedNotices({ ...record, invoiceNo, dueOn }, contractorUserIds(db, record.organization.id), account.id)) {
    db.notifications.push({
      id: (db.sequences.notification += 1),
      ...notice,
      complaintId: null,
      withdrawnComplaintRefNo: null,
      isRead: false,
      createdAt: at,
    });
  }
}

function price(db: Db, contractId: number, month: string, recordId: number | null) {
  const contract = db.contracts.find((c) => c.id === contractId);
  if (!contract) throw unknownClaimContract();
  const expression = db.catalogues.formulas.find((f) => f.id === contract.formulaId)?.expression ?? null;
  const fines = finesOf(db, contractId);
  const claimed = new Set(
    db.claimRecords.filter((r) => r.contractId === contractId && r.id !== recordId).flatMap((r) => r.lines.map((l) => l.complaintId)),
  );
  const rate = (id: number) => db.catalogues['type-of-offences'].find((t) => t.id === id)?.defaultRate.toFixed(2) ?? '0.00';
  return { contract, priced: orThrow(priceClaim({ ...contract, expression }, month, claimableIn(month, fines, claimed), fines, rate)) };
}

/** Claim records, as server/routes/claim-records.ts answers them. */
export const claimRecordHandlers = [
  route('get', apiPaths.claimRecords, ({ request }) => {
    const { caller } = requirePrivilege(request, guards.claimRead);
    const { page, limit, sort, q, contractId, organizationId, status, month, from, to } = readQuery(
      request,
      claims.claimRecordListQuerySchema,
    );
    const db = mockDb();
    const order = parseSort(sort, claims.CLAIM_SORT_FIELDS) ?? CLAIM_FIRST_SORT;
    const rows = db.claimRecords
      .map((r) => shown(db, r))
      .filter((r) => claimVisibleTo(caller, { organizationId: r.organization.id, status: r.status }))
      .filter((r) => containsText(q, r.invoiceNo ?? '', r.contract.contractNo, r.organization.name))
      .filter(
        (r) =>
          (contractId === undefined || r.contract.id === contractId) &&
          (organizationId === undefined || r.organization.id === organizationId) &&
          (!status || r.status === status) &&
          (!month || r.month === month) &&
          (!from || r.month >= from) &&
          (!to || r.month <= to),
      )
      .sort(
        listOrder(order, (r, field) =>
          field === 'total'
            ? Number(r.total)
            : field === 'status'
              ? CLAIM_STATUSES.indexOf(r.status)
              : field === 'invoiceNo'
                ? r.invoiceNo
                : r.month,
        ),
      )
      .map(({ lines: _lines, ...r }) => r);
    return respond(claims.claimRecordListResponseSchema, { data: pageRows(rows, { page, limit }) });
  }),

  route('get', apiPaths.claimRecordCsv(':id'), ({ request, params }) => {
    const { caller } = requirePrivilege(request, guards.claimRead);
    const { lang, tz } = readQuery(request, claims.claimLinesExportQuerySchema);
    checkTimeZone(tz);
    const record = visible(mockDb(), caller, readParams(params, idParamsSchema).id);
    return csvResponse(claimCsvFileName(record), claimLinesCsv(record.lines, lang, tz));
  }),

  route('get', apiPaths.claimRecord(':id'), ({ request, params }) => {
    const { caller } = requirePrivilege(request, guards.claimRead);
    return respond(claims.claimRecordResponseSchema, { data: visible(mockDb(), caller, readParams(params, idParamsSchema).id) });
  }),

  route('post', apiPaths.claimRecords, async ({ request }) => {
    const session = requirePrivilege(request, guards.claimCreate);
    const { contractId, month } = await readBody(request, claims.claimRecordCreateSchema);
    const created = updateMockDb((db) => {
      const contract = db.contracts.find((c) => c.id === contractId);
      // A month already claimed says so, before whether anything is left to claim.
      if (contract && db.claimRecords.some((r) => r.contractId === contractId && r.month === month))
        throw problems.claimExists(contract.contractNo, month);
      const { priced } = price(db, contractId, month, null);
      const stored: StoredClaimRecord = {
        id: Math.max(0, ...db.claimRecords.map((r) => r.id)) + 1,
        contractId,
        month,
        status: 'draft',
        total: priced.total,
        lines: priced.lines,
        invoiceNo: null,
        issuedOn: null,
        dueOn: null,
        paidOn: null,
        paymentReference: null,
        parties: null,
        createdAt: new Date().toISOString(),
      };
      db.claimRecords.push(stored);
      const record = shown(db, stored);
      recordAudit(db, session, { action: 'create', entity: 'claim-record', entityId: stored.id, before: null, after: record });
      return record;
    });
    return respond(claims.claimRecordResponseSchema, { data: created }, 201);
  }),

  ...(['refresh', 'issue', 'pay'] as const).map((move) =>
    route('post', apiPaths.claimRecordMove(':id', move), async ({ request, params }) => {
      const session = requirePrivilege(request, guards.claimUpdate);
      const { id } = readParams(params, idParamsSchema);
      const payment = move === 'pay' ? await readBody(request, claims.claimRecordPaySchema) : null;
      const after = updateMockDb((db) => {
        const before = visible(db, session.caller, id);
        if (move !== 'issue') orThrow(decideClaimChange(before, move));
        const stored = db.claimRecords.find((r) => r.id === id)!;
        if (move === 'refresh') {
          const { priced } = price(db, stored.contractId, stored.month, id);
          Object.assign(stored, { lines: priced.lines, total: priced.total });
        } else if (move === 'issue') {
          issue(db, stored, before, session.account);
        } else {
          orThrow(decidePayment(before.issuedOn!, payment!.paidOn));
          Object.assign(stored, { status: CLAIM_MOVES.pay.to, paidOn: payment!.paidOn, paymentReference: payment!.reference });
        }
        const record = shown(db, stored);
        recordAudit(db, session, { action: move, entity: 'claim-record', entityId: id, before, after: record });
        return record;
      });
      return respond(claims.claimRecordResponseSchema, { data: after });
    }),
  ),

  route('delete', apiPaths.claimRecord(':id'), ({ request, params }) => {
    const session = requirePrivilege(request, guards.claimDelete);
    const { id } = readParams(params, idParamsSchema);
    updateMockDb((db) => {
      const before = visible(db, session.caller, id);
      orThrow(decideClaimChange(before, 'delete'));
      db.claimRecords = db.claimRecords.filter((r) => r.id !== id);
      recordAudit(db, session, { action: 'delete', entity: 'claim-record', entityId: id, before, after: null });
    });
    return noContent();
  }),
];
