import { CLAIM_MOVES, claimAllows, INVOICE_DUE_DAYS, type ClaimMove, type ClaimStatus } from '../contract/claim-record-fields';
import type { ClaimRecord, InvoiceParty } from '../contract/claim-records';
import type { ExportLanguage } from '../contract/envelope';
import { authorityDay, rateFor } from './contracts';
import { noticeRecipients } from './complaint-notices';
import { CSV_BOM, csvLine, zonedTime } from './exports';
import { formulaAmount, parseFormula, sumMoney } from './formula';
import { formatMoney } from './money-words';
import { allow, problems, refuse, type Decision } from './problems';
import { reaches, type Caller } from './visibility';

/**
 * Claim records (PRODUCT.md "Contracts and money"): for one contract and one month, the fined
 * complaints and the penalty of each, computed once and kept as computed. Both back ends load
 * the facts, ask these functions and store what they answer.
 */

/** A fined complaint as a claim needs it: what it was, and when it was fined. */
export interface FinedComplaint {
  id: number;
  refNo: string;
  contractId: number;
  typeOfOffence: { id: number; name: string };
  dateOfMisconduct: string;
  qty: number;
  /** When it moved to Fined (its status history). */
  finedAt: string;
}

/** One line of a claim record: a snapshot of what its amount was computed from, never recomputed. */
export interface ClaimLine {
  complaintId: number;
  refNo: string;
  typeOfOffence: { id: number; name: string };
  dateOfMisconduct: string;
  qty: number;
  rate: string;
  expression: string;
  repeatCount: number;
  amount: string;
}

/** The contract as a claim prices it. */
export interface PricingContract {
  contractNo: string;
  value: string;
  rates: readonly { typeOfOffenceId: number; rate: string }[];
  /** Its formula's expression, or null when it has none. */
  expression: string | null;
}

/** The month a moment falls in, in the authority's (Malaysian) time. */
export const authorityMonth = (iso: string) => authorityDay(iso).slice(0, 7);

/** A month's first instant and the next month's, in Malaysian time: `from` included, `to` not. */
export function monthRange(month: string): { from: string; to: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const start = Date.UTC(year, m - 1, 1) - 8 * 3_600_000;
  const end = Date.UTC(year, m, 1) - 8 * 3_600_000;
  return { from: new Date(start).toISOString(), to: new Date(end).toISOString() };
}

/** Twelve calendar months before a moment. */
function yearBefore(iso: string): number {
  const at = new Date(iso);
  at.setUTCFullYear(at.getUTCFullYear() - 1);
  return at.getTime();
}

/**
 * How often the same offence was fined under the same contract in the 12 months before this
 * fine (earlier fines only; at the same instant, the lower id is the earlier).
 */
export function repeatCountOf(target: FinedComplaint, fines: readonly FinedComplaint[]): number {
  const at = Date.parse(target.finedAt);
  const since = yearBefore(target.finedAt);
  return fines.filter((f) => {
    if (f.id === target.id || f.contractId !== target.contractId || f.typeOfOffence.id !== target.typeOfOffence.id) return false;
    const t = Date.parse(f.finedAt);
    return t >= since && (t < at || (t === at && f.id < target.id));
  }).length;
}

/**
 * The lines of a claim: each of `claimable` (the contract's fines of the month on no other
 * record) priced by the contract's formula and rates; `fines` are all the contract's fines,
 * for the repeat counts. A refusal says what stops it.
 */
export function priceClaim(
  contract: PricingContract,
  month: string,
  claimable: readonly FinedComplaint[],
  fines: readonly FinedComplaint[],
  defaultRate: (typeOfOffenceId: number) => string,
): Decision<{ lines: ClaimLine[]; total: string }> {
  if (contract.expression === null) return refuse(problems.claimNoFormula(contract.contractNo));
  if (claimable.length === 0) return refuse(problems.claimNothing(contract.contractNo, month));
  const parsed = parseFormula(contract.expression);
  if (!parsed.ok) return refuse(problems.claimFormulaFailed(claimable[0]!.refNo, parsed.error.message));
  const lines: ClaimLine[] = [];
  const ordered = [...claimable].sort((a, b) => Date.parse(a.finedAt) - Date.parse(b.finedAt) || a.id - b.id);
  for (const c of ordered) {
    const rate = rateFor(contract, c.typeOfOffence.id, defaultRate(c.typeOfOffence.id));
    const repeatCount = repeatCountOf(c, fines);
    const amount = formulaAmount(parsed.value, { qty: c.qty, rate, contractValue: contract.value, repeatCount });
    if (!amount.ok) {
      const why = amount.error.code === 'divisionByZero' ? 'it divides by zero for this complaint’s values.' : amount.error.message;
      return refuse(problems.claimFormulaFailed(c.refNo, why));
    }
    lines.push({
      complaintId: c.id,
      refNo: c.refNo,
      typeOfOffence: c.typeOfOffence,
      dateOfMisconduct: new Date(c.dateOfMisconduct).toISOString(),
      qty: c.qty,
      rate,
      expression: contract.expression,
      repeatCount,
      amount: amount.value,
    });
  }
  return allow({ lines, total: sumMoney(lines.map((l) => l.amount)) });
}

/** Which fines a month's claim takes: fined in that month (Malaysian time), on no other record. */
export const claimableIn = (month: string, fines: readonly FinedComplaint[], claimed: ReadonlySet<number>) =>
  fines.filter((f) => authorityMonth(f.finedAt) === month && !claimed.has(f.id));

/** A draft is refreshed, issued or deleted; an issued one only paid; a paid one is done (CLAIM_MOVES). */
export function decideClaimChange(record: { status: ClaimStatus }, action: ClaimMove): Decision {
  if (claimAllows(record.status, action)) return allow();
  return refuse(CLAIM_MOVES[action].from === 'issued' ? problems.claimNotIssued(record.status) : problems.claimNotDraft(record.status));
}

/** The invoice number of the `sequence`-th invoice: `INV-YYYY-NNNNNN`, the year of its issue. */
export const invoiceNoOf = (issuedOn: string, sequence: number) => `INV-${issuedOn.slice(0, 4)}-${String(sequence).padStart(6, '0')}`;

/** An organisation as an invoice names it, kept as it was on the day of issue. */
export const partyOf = (o: InvoiceParty): InvoiceParty => ({
  name: o.name,
  registrationNo: o.registrationNo,
  address: o.address,
  email: o.email,
  phone: o.phone,
});

/** Issuing takes a draft and an issuer: the organisation of the officer who issues it. */
export function decideIssue(record: { status: ClaimStatus }, issuer: InvoiceParty | null): Decision {
  const change = decideClaimChange(record, 'issue');
  if (!change.ok) return change;
  return issuer ? allow() : refuse(problems.claimNoIssuer());
}

/** A notice of an issued claim record, opening its invoice. */
export interface ClaimNotice {
  recipientId: number;
  title: string;
  description: string;
  claimRecordId: number;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const monthName = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** The contractor's users are told of an issued invoice: what it bills, how much, by when. Each once, never its issuer. */
export function claimIssuedNotices(
  record: { id: number; invoiceNo: string; contract: { contractNo: string }; month: string; total: string; dueOn: string },
  contractorUserIds: readonly number[],
  issuerId: number,
): ClaimNotice[] {
  const description = `Invoice ${record.invoiceNo} for contract ${record.contract.contractNo}, ${monthName(record.month)}, was issued to your organisation.\nAmount: RM ${formatMoney(record.total)}\nDue on: ${record.dueOn}`;
  return noticeRecipients(contractorUserIds, issuerId).map((recipientId) => ({
    recipientId,
    title: 'Invoice issued',
    description,
    claimRecordId: record.id,
  }));
}

/** Issued today (Malaysian calendar) and due INVOICE_DUE_DAYS later. */
export function issueDates(now: number): { issuedOn: string; dueOn: string } {
  const issuedOn = authorityDay(new Date(now).toISOString());
  const due = new Date(`${issuedOn}T00:00:00Z`);
  due.setUTCDate(due.getUTCDate() + INVOICE_DUE_DAYS);
  return { issuedOn, dueOn: due.toISOString().slice(0, 10) };
}

/** A payment is dated on or after the issue. */
export const decidePayment = (issuedOn: string, paidOn: string): Decision =>
  paidOn < issuedOn ? refuse(problems.claimPaidBeforeIssue(issuedOn)) : allow();

/** Contractors' users see their own organisation's issued and paid records; staff see all. */
export const claimVisibleTo = (caller: Caller, record: { organizationId: number; status: ClaimStatus }) =>
  reaches(caller, record.organizationId) && (caller.contractorOrganizationId === null || record.status !== 'draft');

const LINE_HEADERS: Record<ExportLanguage, readonly string[]> = {
  en: ['Ref No', 'Type of Offence', 'Date of Misconduct', 'Qty', 'Rate', 'Formula', 'Repeat Count', 'Amount'],
  ms: ['No. Rujukan', 'Jenis Kesalahan', 'Tarikh Salah Laku', 'Kuantiti', 'Kadar', 'Formula', 'Bilangan Ulangan', 'Amaun'],
};

/** A claim asked for a contract that does not exist. */
export const unknownClaimContract = () => problems.invalidField('contractId', 'Select a contract.');

/** The file a claim record's lines download as: by its invoice number once issued. */
export const claimCsvFileName = (record: Pick<ClaimRecord, 'id' | 'invoiceNo'>) => `claim-${record.invoiceNo ?? record.id}.csv`;

/** A claim record's lines as CSV (`GET /claim-records/{id}.csv`), times in `tz`. */
export function claimLinesCsv(lines: readonly ClaimLine[], lang: ExportLanguage, tz: string): string {
  return (
    CSV_BOM +
    csvLine(LINE_HEADERS[lang]) +
    lines
      .map((l) =>
        csvLine([l.refNo, l.typeOfOffence.name, zonedTime(l.dateOfMisconduct, tz), l.qty, l.rate, l.expression, l.repeatCount, l.amount]),
      )
      .join('')
  );
}
