import { and, asc, count, desc, eq, gte, ilike, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ClaimLine, ClaimRecord, ClaimRecordDetail, ClaimSortField, ClaimStatus, InvoiceParties } from '../../contract/claim-records';
import { CLAIM_MOVES, CLAIM_STATUSES } from '../../contract/claim-record-fields';
import { COMPLAINT_STATUS } from '../../contract/complaint-status';
import type { ClaimNotice } from '../../domain/claims';
import type { FinedComplaint } from '../../domain/claims';
import { pageOf, type ListSort } from '../../domain/lists';
import type { DbOrTx } from '../db/client';
import {
  claimRecordItems,
  claimRecords,
  complaints,
  complaintStatusHistory,
  contractRates,
  contracts,
  formulas,
  invoiceCounters,
  notifications,
  organizations,
  typeOfOffences,
} from '../db/schema';
import { containing, pageWithTotal, totalOf } from './pagination';

const FINED = COMPLAINT_STATUS.fined;

/** Every fined complaint of a contract, with when it was fined. */
export async function finesOf(tx: DbOrTx, contractId: number): Promise<FinedComplaint[]> {
  const rows = await tx
    .select({
      id: complaints.id,
      refNo: complaints.refNo,
      contractId: complaints.contractId,
      typeOfOffenceId: typeOfOffences.id,
      typeOfOffenceName: typeOfOffences.name,
      dateOfMisconduct: complaints.dateOfMisconduct,
      qty: complaints.qty,
      finedAt: sql<Date>`max(${complaintStatusHistory.changedAt})`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(complaints)
    .innerJoin(typeOfOffences, eq(typeOfOffences.id, complaints.typeOfOffenceId))
    .innerJoin(
      complaintStatusHistory,
      and(eq(complaintStatusHistory.complaintId, complaints.id), eq(complaintStatusHistory.toStatus, FINED)),
    )
    .where(and(eq(complaints.contractId, contractId), eq(complaints.status, FINED)))
    .groupBy(complaints.id, typeOfOffences.id);
  return rows.map((r) => ({
    id: r.id,
    refNo: r.refNo,
    contractId: r.contractId!,
    typeOfOffence: { id: r.typeOfOffenceId, name: r.typeOfOffenceName },
    dateOfMisconduct: r.dateOfMisconduct.toISOString(),
    qty: r.qty,
    finedAt: r.finedAt.toISOString(),
  }));
}

/** The complaints other claim records of the contract hold. */
export async function claimedElsewhere(tx: DbOrTx, contractId: number, exceptRecordId: number | null): Promise<Set<number>> {
  const rows = await tx
    .select({ complaintId: claimRecordItems.complaintId })
    .from(claimRecordItems)
    .innerJoin(claimRecords, eq(claimRecords.id, claimRecordItems.claimRecordId))
    .where(and(eq(claimRecords.contractId, contractId), exceptRecordId === null ? undefined : ne(claimRecords.id, exceptRecordId)));
  return new Set(rows.map((r) => r.complaintId));
}

/** The contract as a claim prices it, locked so that two drafts of it take turns; null if none. */
export async function pricingContract(tx: DbOrTx, contractId: number) {
  const [row] = await tx
    .select({ contractNo: contracts.contractNo, value: contracts.value, expression: formulas.expression })
    .from(contracts)
    .leftJoin(formulas, eq(formulas.id, contracts.formulaId))
    .where(eq(contracts.id, contractId))
    .for('update', { of: contracts });
  if (!row) return null;
  const rates = await tx
    .select({ typeOfOffenceId: contractRates.typeOfOffenceId, rate: contractRates.rate })
    .from(contractRates)
    .where(eq(contractRates.contractId, contractId));
  return { ...row, rates };
}

/** Each offence type's default rate, as money. */
export async function defaultRates(tx: DbOrTx): Promise<Map<number, string>> {
  const rows = await tx.select({ id: typeOfOffences.id, rate: typeOfOffences.defaultRate }).from(typeOfOffences);
  return new Map(rows.map((r) => [r.id, r.rate.toFixed(2)]));
}

const columns = {
  id: claimRecords.id,
  contractId: contracts.id,
  contractNo: contracts.contractNo,
  contractTitle: contracts.title,
  organizationId: organizations.id,
  organizationName: organizations.name,
  period: claimRecords.period,
  status: claimRecords.status,
  amountTotal: claimRecords.total,
  invoiceNo: claimRecords.invoiceNo,
  issuedOn: claimRecords.issuedOn,
  dueOn: claimRecords.dueOn,
  paidOn: claimRecords.paidOn,
  paymentReference: claimRecords.paymentReference,
  createdAt: claimRecords.createdAt,
  lineCount: sql<number>`(select count(*)::int from ${claimRecordItems} where ${claimRecordItems.claimRecordId} = ${claimRecords.id})`,
};

const sortColumn: Record<ClaimSortField, SQL | typeof claimRecords.period> = {
  month: claimRecords.period,
  total: sql`${claimRecords.total}`,
  /** In the order of a record's life. */
  status: sql`array_position(${sql.raw(`array[${CLAIM_STATUSES.map((s) => `'${s}'`).join(',')}]`)}::text[], ${claimRecords.status})`,
  invoiceNo: sql`${claimRecords.invoiceNo}`,
};

type Row = { [K in keyof typeof columns]: unknown } & Record<string, unknown>;

const toRecord = (r: Row): ClaimRecord => ({
  id: r.id as number,
  contract: { id: r.contractId as number, contractNo: r.contractNo as string, title: r.contractTitle as string },
  organization: { id: r.organizationId as number, name: r.organizationName as string },
  month: (r.period as string).slice(0, 7),
  status: r.status as ClaimStatus,
  total: r.amountTotal as string,
  lineCount: Number(r.lineCount),
  invoiceNo: (r.invoiceNo as string | null) ?? null,
  issuedOn: (r.issuedOn as string | null) ?? null,
  dueOn: (r.dueOn as string | null) ?? null,
  paidOn: (r.paidOn as string | null) ?? null,
  paymentReference: (r.paymentReference as string | null) ?? null,
  createdAt: (r.createdAt as Date).toISOString(),
});

const selectRecords = <E extends Record<string, SQL.Aliased | SQL>>(db: DbOrTx, extra: E = {} as E) =>
  db
    .select({ ...columns, ...extra })
    .from(claimRecords)
    .innerJoin(contracts, eq(contracts.id, claimRecords.contractId))
    .innerJoin(organizations, eq(organizations.id, contracts.organizationId));

export interface ClaimListQuery {
  page: number;
  limit: number;
  sort: ListSort<ClaimSortField>;
  q?: string;
  contractId?: number;
  organizationId?: number;
  status?: ClaimStatus;
  month?: string;
  /** Months from and to, both included. */
  from?: string;
  to?: string;
  /** A contractor's organisation: its issued and paid records only. */
  contractorOrganizationId: number | null;
}

export async function listClaims(db: DbOrTx, query: ClaimListQuery) {
  const filters: (SQL | undefined)[] = [];
  if (query.q)
    filters.push(
      or(
        ilike(claimRecords.invoiceNo, containing(query.q)),
        ilike(contracts.contractNo, containing(query.q)),
        ilike(organizations.name, containing(query.q)),
      ),
    );
  if (query.contractId !== undefined) filters.push(eq(claimRecords.contractId, query.contractId));
  if (query.organizationId !== undefined) filters.push(eq(contracts.organizationId, query.organizationId));
  if (query.status) filters.push(eq(claimRecords.status, query.status));
  if (query.month) filters.push(eq(claimRecords.period, `${query.month}-01`));
  if (query.from) filters.push(gte(claimRecords.period, `${query.from}-01`));
  if (query.to) filters.push(lte(claimRecords.period, `${query.to}-01`));
  if (query.contractorOrganizationId !== null)
    filters.push(eq(contracts.organizationId, query.contractorOrganizationId), ne(claimRecords.status, 'draft'));
  const filter = and(...filters);
  const direction = query.sort.descending ? desc : asc;
  const counted = () =>
    db
      .select({ n: count() })
      .from(claimRecords)
      .innerJoin(contracts, eq(contracts.id, claimRecords.contractId))
      .innerJoin(organizations, eq(organizations.id, contracts.organizationId))
      .where(filter);
  const rows = await selectRecords(db, { total: totalOf(counted()) })
    .where(filter)
    .orderBy(direction(sortColumn[query.sort.field]), direction(claimRecords.id))
    .limit(query.limit)
    .offset(pageOf(query.page, query.limit).offset);
  return pageWithTotal(
    rows,
    query,
    ({ total: _t, ...r }) => toRecord(r as Row),
    async () => (await counted())[0]?.n ?? 0,
  );
}

/** One record with its lines, locked until the transaction ends when `lock`. */
export async function findClaim(tx: DbOrTx, id: number, lock = false): Promise<ClaimRecordDetail | null> {
  const query = selectRecords(tx, { parties: sql<InvoiceParties | null>`${claimRecords.parties}` }).where(eq(claimRecords.id, id));
  const [row] = lock ? await query.for('update', { of: claimRecords }) : await query;
  if (!row) return null;
  const lines = await tx
    .select()
    .from(claimRecordItems)
    .where(eq(claimRecordItems.claimRecordId, id))
    .orderBy(asc(claimRecordItems.position));
  return {
    ...toRecord(row as Row),
    parties: row.parties ?? null,
    lines: lines.map(
      (l): ClaimLine => ({
        complaintId: l.complaintId,
        refNo: l.refNo,
        typeOfOffence: { id: l.typeOfOffenceId, name: l.typeOfOffenceName },
        dateOfMisconduct: l.dateOfMisconduct.toISOString(),
        qty: l.qty,
        rate: l.rate,
        expression: l.expression,
        repeatCount: l.repeatCount,
        amount: l.amount,
      }),
    ),
  };
}

/** A draft for the contract's month; null when the contract has one already. */
export async function insertDraft(tx: DbOrTx, contractId: number, month: string): Promise<number | null> {
  const [row] = await tx
    .insert(claimRecords)
    .values({ contractId, period: `${month}-01` })
    .onConflictDoNothing()
    .returning({ id: claimRecords.id });
  return row?.id ?? null;
}

export async function replaceLines(tx: DbOrTx, id: number, lines: readonly ClaimLine[], total: string) {
  await tx.delete(claimRecordItems).where(eq(claimRecordItems.claimRecordId, id));
  if (lines.length > 0) {
    await tx.insert(claimRecordItems).values(
      lines.map((l, position) => ({
        claimRecordId: id,
        complaintId: l.complaintId,
        position,
        refNo: l.refNo,
        typeOfOffenceId: l.typeOfOffence.id,
        typeOfOffenceName: l.typeOfOffence.name,
        dateOfMisconduct: new Date(l.dateOfMisconduct),
        qty: l.qty,
        rate: l.rate,
        expression: l.expression,
        repeatCount: l.repeatCount,
        amount: l.amount,
      })),
    );
  }
  await tx.update(claimRecords).set({ total }).where(eq(claimRecords.id, id));
}

/** The next invoice number's sequence in the year, taken atomically. */
export async function nextInvoiceSequence(tx: DbOrTx, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  return row!.last;
}

export async function markIssued(
  tx: DbOrTx,
  id: number,
  values: { invoiceNo: string; issuedOn: string; dueOn: string; parties: InvoiceParties },
) {
  await tx
    .update(claimRecords)
    .set({ status: CLAIM_MOVES.issue.to, ...values })
    .where(eq(claimRecords.id, id));
}

export async function insertClaimNotices(tx: DbOrTx, notices: readonly ClaimNotice[]) {
  if (notices.length > 0) await tx.insert(notifications).values([...notices]);
}

export async function markPaid(tx: DbOrTx, id: number, values: { paidOn: string; paymentReference: string }) {
  await tx
    .update(claimRecords)
    .set({ status: CLAIM_MOVES.pay.to, ...values })
    .where(eq(claimRecords.id, id));
}

export async function deleteClaim(tx: DbOrTx, id: number) {
  await tx.delete(claimRecords).where(eq(claimRecords.id, id));
}
