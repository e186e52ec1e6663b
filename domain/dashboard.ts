import Big from 'big.js';
import type { ClaimStatus } from '../contract/claim-record-fields';
import { COMPLAINT_STATUS, type ComplaintStatusCode } from '../contract/complaint-status';
import { DASHBOARD_MONTHS, DASHBOARD_TOP, REPEAT_OFFENDER_MIN_FINES, type Dashboard } from '../contract/dashboard';
import { DECIDED_STATUSES, OPEN_STATUSES } from './complaint-states';
import { isOverdue } from './complaints';
import { checkTimeZone } from './exports';
import { problems } from './problems';

/**
 * The dashboard's period, decided: its instants (`from` included, `to` not), the calendar its
 * months are counted in, the claim months it covers, and the months its charts look back over.
 */
export interface DashboardPeriod {
  from: number;
  to: number;
  tz: string;
  /** The claim records' months the period covers, `YYYY-MM`, first and last. */
  firstMonth: string;
  lastMonth: string;
  /** The charts' months, oldest first, the period's last month last. */
  months: readonly string[];
}

/** One formatter per time zone: making one costs far more than using it. */
const monthFormats = new Map<string, Intl.DateTimeFormat>();

/** `YYYY-MM` of an instant in a time zone's calendar. */
export function monthIn(instant: number, tz: string): string {
  let format = monthFormats.get(tz);
  if (!format) monthFormats.set(tz, (format = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit' })));
  const parts = format.formatToParts(instant);
  return `${parts.find((p) => p.type === 'year')!.value}-${parts.find((p) => p.type === 'month')!.value}`;
}

/** The `count` months that end with `last`, oldest first. */
export function monthsEndingWith(last: string, count: number): string[] {
  const [year, month] = last.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, k) => {
    const index = year * 12 + (month - 1) - (count - 1 - k);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

export function dashboardPeriod(query: { from: string; to: string; tz: string }): DashboardPeriod {
  const tz = checkTimeZone(query.tz);
  const from = Date.parse(query.from);
  const to = Date.parse(query.to);
  if (to <= from) throw problems.periodReversed();
  const lastMonth = monthIn(to - 1, tz);
  return { from, to, tz, firstMonth: monthIn(from, tz), lastMonth, months: monthsEndingWith(lastMonth, DASHBOARD_MONTHS) };
}

/** Hours rounded to one decimal, as the dashboard shows a median. */
export const roundHours = (hours: number) => Math.round(hours * 10) / 10;

/** The middle value, or the mean of the two middle ones; null for none (SQL's `percentile_cont(0.5)`). */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A complaint as the dashboard counts it. */
export interface DashboardComplaint {
  status: ComplaintStatusCode;
  organization: { id: number; name: string };
  typeOfOffence: { id: number; name: string };
  dateOfMisconduct: string;
  createdAt: string;
  justifyBy: string | null;
  /** When it was fined or waived; null while open. */
  decidedAt: string | null;
}

export interface DashboardClaim {
  month: string;
  status: ClaimStatus;
  total: string;
}

type Ref = { id: number; name: string };

/** Counts by key, most first, ties by the ids in order; `min` drops the rarer ones. */
function ranked<T>(items: readonly T[], keyOf: (item: T) => readonly Ref[], min = 1) {
  const counts = new Map<string, { refs: readonly Ref[]; count: number }>();
  for (const item of items) {
    const refs = keyOf(item);
    const key = refs.map((r) => r.id).join('/');
    const entry = counts.get(key) ?? { refs, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
  }
  return [...counts.values()]
    .filter((e) => e.count >= min)
    .sort((a, b) => b.count - a.count || a.refs.reduce((d, r, i) => d || r.id - b.refs[i]!.id, 0));
}

/**
 * The dashboard computed in memory, for stores that hold their rows in memory (the mocks): the
 * same figures the server's SQL computes (server/repositories/dashboard.ts). The complaints and
 * claims are the ones the caller may see; `claims` null when it may read no claim records.
 */
export function dashboardOf(
  period: DashboardPeriod,
  complaints: readonly DashboardComplaint[],
  claims: readonly DashboardClaim[] | null,
  now: number,
): Dashboard {
  const at = (c: DashboardComplaint) => Date.parse(c.dateOfMisconduct);
  const inPeriod = complaints.filter((c) => at(c) >= period.from && at(c) < period.to);
  const decided = inPeriod.filter((c) => DECIDED_STATUSES.includes(c.status));
  const { submitted, justified, fined, waived } = COMPLAINT_STATUS;
  const firstChartMonth = period.months[0]!;
  // Each complaint's month once, in the caller's calendar.
  const inWindow = complaints
    .filter((c) => at(c) < period.to)
    .map((c) => ({ ...c, month: monthIn(at(c), period.tz) }))
    .filter((c) => c.month >= firstChartMonth);
  const sum = (status: ClaimStatus) =>
    claims &&
    claims
      .filter((r) => r.status === status && r.month >= period.firstMonth && r.month <= period.lastMonth)
      .reduce((total, r) => total.plus(r.total), new Big(0))
      .toFixed(2);
  const hours = decided.map((c) => (Date.parse(c.decidedAt!) - Date.parse(c.createdAt)) / 3_600_000);
  const middle = median(hours);
  return {
    cards: {
      open: complaints.filter((c) => OPEN_STATUSES.includes(c.status)).length,
      awaitingJustification: complaints.filter((c) => c.status === submitted).length,
      overdue: complaints.filter((c) => isOverdue(c, now)).length,
      decided: decided.length,
      fined: decided.filter((c) => c.status === fined).length,
      waived: decided.filter((c) => c.status === waived).length,
      finesIssued: sum('issued'),
      finesPaid: sum('paid'),
      medianHoursToDecision: middle === null ? null : roundHours(middle),
    },
    perMonth: period.months.map((month) => {
      const of = inWindow.filter((c) => c.month === month);
      const n = (status: ComplaintStatusCode) => of.filter((c) => c.status === status).length;
      return { month, submitted: n(submitted), justified: n(justified), fined: n(fined), waived: n(waived) };
    }),
    byContractor: ranked(
      decided.filter((c) => c.status === fined),
      (c) => [c.organization],
    )
      .slice(0, DASHBOARD_TOP)
      .map((e) => ({ organization: e.refs[0]!, count: e.count })),
    byOffenceType: ranked(inPeriod, (c) => [c.typeOfOffence])
      .slice(0, DASHBOARD_TOP)
      .map((e) => ({ typeOfOffence: e.refs[0]!, count: e.count })),
    repeatOffenders: ranked(
      inWindow.filter((c) => c.status === fined),
      (c) => [c.organization, c.typeOfOffence],
      REPEAT_OFFENDER_MIN_FINES,
    )
      .slice(0, DASHBOARD_TOP)
      .map((e) => ({ organization: e.refs[0]!, typeOfOffence: e.refs[1]!, count: e.count })),
  };
}
