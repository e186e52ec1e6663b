import Big from 'big.js';
import type { ClaimStatus } from '../contract/claim-record-fields';
import { COMPLAINT_STATUS, type ComplaintStatusCode } from '../contract/complaint-status';
import { DASHBOARD_MONTHS, DASHBOARD_TOP, REPEAT_OFFENDER_MIN_FINES, type Dashboard } from '../contract/dashboard';
import { DECIDED_STATUSES, OPEN_STATUSES } from './complaint-states';
import { isOverdue } from './complaints';
import { checkTimeZone, offsetMs } from './exports';
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

/** The instant a month (`YYYY-MM`) begins in a time zone's calendar: the first that `monthIn` calls it. */
export function monthBeginsIn(month: string, tz: string): number {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const wall = Date.UTC(year, m - 1, 1);
  // The offset at the instant itself, found from the offset near it (the two differ only when it changes that night).
  return wall - offsetMs(wall - offsetMs(wall, tz), tz);
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

/** A decision's hours as the median counts them: from registration to decision, to the whole hour. */
export const decisionHours = (createdAt: number, decidedAt: number) => Math.round((decidedAt - createdAt) / 3_600_000);

/**
 * The median of values given with how often each occurs (SQL's `percentile_cont(0.5)`): the
 * middle one, or the mean of the two middle ones; null for none.
 */
export function medianOfCounts(entries: readonly { value: number; count: number }[]): number | null {
  const sorted = entries.filter((e) => e.count > 0).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((n, e) => n + e.count, 0);
  if (total === 0) return null;
  // The k-th value (1-based) in order.
  const at = (k: number) => {
    let seen = 0;
    for (const entry of sorted) {
      seen += entry.count;
      if (seen >= k) return entry.value;
    }
    return sorted.at(-1)!.value;
  };
  return total % 2 === 1 ? at((total + 1) / 2) : (at(total / 2) + at(total / 2 + 1)) / 2;
}

type Ref = { id: number; name: string };

/** Complaints of one organisation, type of offence and status, counted. */
export interface DashboardCount {
  organization: Ref;
  typeOfOffence: Ref;
  status: ComplaintStatusCode;
  count: number;
}

/**
 * What the figures are made of, as a store counts it from what the caller may see: the server
 * from its summary tables (server/repositories/dashboard.ts), the mocks from their rows
 * (`countsOf`). The rules that make figures of them are `dashboardOfCounts`, once for both.
 */
export interface DashboardCounts {
  /** Every complaint, whenever its misconduct, by status. */
  now: Partial<Record<ComplaintStatusCode, number>>;
  /** Submitted complaints whose time to justify has ended. */
  overdue: number;
  /** The period's misconduct whose photos gave a finding the caller sees (domain/evidence.ts `findingsMask`). */
  withFindings: number;
  /** The period's misconduct. */
  period: readonly DashboardCount[];
  /** Each chart month's misconduct (`YYYY-MM` in the period's calendar). */
  months: Readonly<Record<string, readonly DashboardCount[]>>;
  /** The period's decided complaints by their hours to decision (`decisionHours`). */
  hours: readonly { value: number; count: number }[];
  /** Claim records of the period's months: issued and paid amounts; null for a caller who may read none. */
  money: { issued: string; paid: string } | null;
}

/** Counts by key, most first, ties by the ids in order; `min` drops the rarer ones. */
function ranked(counts: readonly DashboardCount[], keyOf: (count: DashboardCount) => readonly Ref[], min = 1) {
  const totals = new Map<string, { refs: readonly Ref[]; count: number }>();
  for (const item of counts) {
    const refs = keyOf(item);
    const key = refs.map((r) => r.id).join('/');
    const entry = totals.get(key) ?? { refs, count: 0 };
    entry.count += item.count;
    totals.set(key, entry);
  }
  return [...totals.values()]
    .filter((e) => e.count >= min)
    .sort((a, b) => b.count - a.count || a.refs.reduce((d, r, i) => d || r.id - b.refs[i]!.id, 0));
}

const total = (counts: readonly DashboardCount[], statuses?: readonly ComplaintStatusCode[]) =>
  counts.reduce((n, c) => (statuses && !statuses.includes(c.status) ? n : n + c.count), 0);

/** The dashboard's figures, from the counts of either store: every rule of what counts where is here. */
export function dashboardOfCounts(period: DashboardPeriod, counts: DashboardCounts): Dashboard {
  const { submitted, justified, fined, waived } = COMPLAINT_STATUS;
  const nowOf = (statuses: readonly ComplaintStatusCode[]) => statuses.reduce((n, s) => n + (counts.now[s] ?? 0), 0);
  const decided = counts.period.filter((c) => DECIDED_STATUSES.includes(c.status));
  const inWindow = period.months.flatMap((month) => counts.months[month] ?? []);
  const middle = medianOfCounts(counts.hours);
  return {
    cards: {
      open: nowOf(OPEN_STATUSES),
      // Submitted and still within their time to justify: the overdue ones are the next card.
      awaitingJustification: nowOf([submitted]) - counts.overdue,
      overdue: counts.overdue,
      withFindings: counts.withFindings,
      decided: total(decided),
      fined: total(decided, [fined]),
      waived: total(decided, [waived]),
      finesIssued: counts.money?.issued ?? null,
      finesPaid: counts.money?.paid ?? null,
      medianHoursToDecision: middle === null ? null : roundHours(middle),
    },
    perMonth: period.months.map((month) => {
      const of = counts.months[month] ?? [];
      return {
        month,
        submitted: total(of, [submitted]),
        justified: total(of, [justified]),
        fined: total(of, [fined]),
        waived: total(of, [waived]),
      };
    }),
    byContractor: ranked(
      decided.filter((c) => c.status === fined),
      (c) => [c.organization],
    )
      .slice(0, DASHBOARD_TOP)
      .map((e) => ({ organization: e.refs[0]!, count: e.count })),
    byOffenceType: ranked(counts.period, (c) => [c.typeOfOffence])
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

/** A complaint as the dashboard counts it. */
export interface DashboardComplaint {
  status: ComplaintStatusCode;
  organization: Ref;
  typeOfOffence: Ref;
  dateOfMisconduct: string;
  createdAt: string;
  justifyBy: string | null;
  /** When it was fined or waived; null while open. */
  decidedAt: string | null;
  /** Its finding flags (domain/evidence.ts `FINDING_FLAGS`). */
  evidenceFlags: number;
}

export interface DashboardClaim {
  month: string;
  status: ClaimStatus;
  total: string;
}

/** Complaints counted by organisation, type of offence and status. */
function countedBy(complaints: readonly DashboardComplaint[]): DashboardCount[] {
  const counts = new Map<string, DashboardCount>();
  for (const c of complaints) {
    const key = `${c.organization.id}/${c.typeOfOffence.id}/${c.status}`;
    const entry = counts.get(key) ?? { organization: c.organization, typeOfOffence: c.typeOfOffence, status: c.status, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
  }
  return [...counts.values()];
}

/**
 * The counts of complaints and claims held in memory (the mocks): the ones the caller may see,
 * `claims` null when it may read no claim records.
 */
export function countsOf(
  period: DashboardPeriod,
  complaints: readonly DashboardComplaint[],
  claims: readonly DashboardClaim[] | null,
  now: number,
  /** The caller's `findingsMask`. */
  findingsMask: number,
): DashboardCounts {
  const at = (c: DashboardComplaint) => Date.parse(c.dateOfMisconduct);
  const inPeriod = complaints.filter((c) => at(c) >= period.from && at(c) < period.to);
  const firstChartMonth = period.months[0]!;
  const byMonth = new Map<string, DashboardComplaint[]>();
  for (const c of complaints) {
    if (at(c) >= period.to) continue;
    const month = monthIn(at(c), period.tz);
    if (month < firstChartMonth) continue;
    const of = byMonth.get(month);
    if (of) of.push(c);
    else byMonth.set(month, [c]);
  }
  const byStatus: Partial<Record<ComplaintStatusCode, number>> = {};
  for (const c of complaints) byStatus[c.status] = (byStatus[c.status] ?? 0) + 1;
  const hours = new Map<number, number>();
  for (const c of inPeriod) {
    if (!DECIDED_STATUSES.includes(c.status) || !c.decidedAt) continue;
    const value = decisionHours(Date.parse(c.createdAt), Date.parse(c.decidedAt));
    hours.set(value, (hours.get(value) ?? 0) + 1);
  }
  const sum = (status: ClaimStatus) =>
    claims!
      .filter((r) => r.status === status && r.month >= period.firstMonth && r.month <= period.lastMonth)
      .reduce((amount, r) => amount.plus(r.total), new Big(0))
      .toFixed(2);
  return {
    now: byStatus,
    overdue: complaints.filter((c) => isOverdue(c, now)).length,
    withFindings: inPeriod.filter((c) => (c.evidenceFlags & findingsMask) !== 0).length,
    period: countedBy(inPeriod),
    months: Object.fromEntries([...byMonth].map(([month, of]) => [month, countedBy(of)])),
    hours: [...hours].map(([value, count]) => ({ value, count })),
    money: claims && { issued: sum('issued'), paid: sum('paid') },
  };
}

/** The dashboard of complaints and claims held in memory (the mocks). */
export const dashboardOf = (
  period: DashboardPeriod,
  complaints: readonly DashboardComplaint[],
  claims: readonly DashboardClaim[] | null,
  now: number,
  findingsMask: number,
): Dashboard => dashboardOfCounts(period, countsOf(period, complaints, claims, now, findingsMask));
