import { findingsMask } from '../../domain/evidence';
import { type SQL, sql } from 'drizzle-orm';
import { COMPLAINT_STATUS, type ComplaintStatusCode } from '../../contract/complaint-status';
import { DECIDED_STATUSES } from '../../domain/complaint-states';
import { type DashboardCount, type DashboardCounts, type DashboardPeriod, monthBeginsIn } from '../../domain/dashboard';
import type { DbOrTx } from '../db/client';
import { justifyBySql } from './complaints';

const DAY_MS = 86_400_000;
/** The farthest instant a Date holds: the 'now' span reaches it both ways (SQL's -infinity, infinity). */
const EVER = 8.64e15;

/** Where a stretch of time is counted: the summary's UTC months or days, or the complaints themselves. */
type SpanGrain = 'm' | 'd' | 'raw';
export interface Span {
  grain: SpanGrain;
  /** Instants, `from` included, `to` not. */
  from: number;
  to: number;
}

const monthStart = (instant: number, add = 0) => {
  const date = new Date(instant);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + add, 1);
};
const ceilMonth = (instant: number) => (monthStart(instant) === instant ? instant : monthStart(instant, 1));

/**
 * A stretch of time as the fewest summary rows count it: whole UTC months from the month rows,
 * the whole UTC days around them from the day rows, and what is left at each end (less than a
 * day: a time zone's midnight is not UTC's) from the complaints themselves. So a period of ten
 * years reads about 120 months, 60 days and two part-days, whatever the number of complaints.
 */
export function spansOf(from: number, to: number): Span[] {
  const firstDay = Math.ceil(from / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(to / DAY_MS) * DAY_MS;
  if (firstDay >= lastDay) return from < to ? [{ grain: 'raw', from, to }] : [];
  const spans: Span[] = [];
  if (from < firstDay) spans.push({ grain: 'raw', from, to: firstDay });
  const firstMonth = ceilMonth(firstDay);
  const lastMonth = monthStart(lastDay);
  if (firstMonth >= lastMonth) spans.push({ grain: 'd', from: firstDay, to: lastDay });
  else {
    if (firstDay < firstMonth) spans.push({ grain: 'd', from: firstDay, to: firstMonth });
    spans.push({ grain: 'm', from: firstMonth, to: lastMonth });
    if (lastMonth < lastDay) spans.push({ grain: 'd', from: lastMonth, to: lastDay });
  }
  if (lastDay < to) spans.push({ grain: 'raw', from: lastDay, to });
  return spans;
}

type Ref = { id: number; name: string };
interface CountRow {
  label: string;
  organization: Ref;
  typeOfOffence: Ref;
  status: ComplaintStatusCode;
  count: number;
}
interface Figures {
  counts: CountRow[];
  hours: { value: number; count: number }[];
  overdue: number;
  withFindings: number;
  money: { issued: string; paid: string };
}

/**
 * What the dashboard's figures are made of, counted in one statement (one snapshot) from the
 * summary tables the triggers of migration 0021 keep, and from the complaints only at the ends of
 * a span that are not whole UTC days. `scopeId`: a contractor's organisation, or null for all.
 * The figures themselves are `dashboardOfCounts` (domain/dashboard.ts), the same as the mocks'.
 */
export async function dashboardCounts(
  db: DbOrTx,
  period: DashboardPeriod,
  scopeId: number | null,
  now: number,
  readsClaims: boolean,
): Promise<DashboardCounts> {
  // Labelled spans: every complaint ('now'), the period, and each chart month in the caller's calendar.
  const labelled: { label: string; span: Span }[] = [
    { label: 'now', span: { grain: 'm', from: -EVER, to: EVER } },
    ...spansOf(period.from, period.to).map((span) => ({ label: 'period', span })),
  ];
  period.months.forEach((month, k) => {
    const to = k === period.months.length - 1 ? period.to : monthBeginsIn(period.months[k + 1]!, period.tz);
    for (const span of spansOf(monthBeginsIn(month, period.tz), to)) labelled.push({ label: month, span });
  });
  const at = (instant: number) => (Math.abs(instant) >= EVER ? (instant < 0 ? '-infinity' : 'infinity') : new Date(instant).toISOString());
  const spans = sql.join(
    // The grain as the summary's own type, char(1) ('r' for the complaints): compared as text, no index would serve it.
    labelled.map(
      ({ label, span }) =>
        sql`(${label}::text, ${span.grain === 'raw' ? 'r' : span.grain}::char(1), ${at(span.from)}::timestamptz, ${at(span.to)}::timestamptz)`,
    ),
    sql`, `,
  );
  const scoped = (column: SQL) => sql`(${scopeId}::int is null or ${column} = ${scopeId}::int)`;
  const result = await db.execute<{ figures: Figures }>(sql`
    with spans(label, grain, lo, hi) as (values ${spans}),
    -- Each span read on its own (lateral): a range of the summary's key, or of the complaints' misconduct index.
    counted as (
      select s.label, c.organization_id, c.type_of_offence_id, c.status, c.n
      from spans s cross join lateral (
        select organization_id, type_of_offence_id, status, n from complaint_counts
        where grain = s.grain and bucket >= s.lo and bucket < s.hi and ${scoped(sql.raw('organization_id'))}
        offset 0 -- read per span; flattened, the planner would hash the whole table and filter every row by every span
      ) c
      where s.grain <> 'r'
      union all
      select s.label, x.organization_id, x.type_of_offence_id, x.status, 1
      from spans s cross join lateral (
        -- A part-day of complaints by the misconduct index alone (offset 0 keeps the scope's filter
        -- out of the scan: joined with the organisation's index, it would read all its rows per span).
        select * from (
          select organization_id, type_of_offence_id, status from complaints
          where date_of_misconduct >= s.lo and date_of_misconduct < s.hi offset 0
        ) y where ${scoped(sql.raw('y.organization_id'))}
      ) x
      where s.grain = 'r'
    ),
    totals as (
      select label, organization_id, type_of_offence_id, status, sum(n)::int as n
      from counted group by 1, 2, 3, 4 having sum(n) > 0
    ),
    hours as (
      select h.hours, h.n
      from spans s cross join lateral (
        select hours, n from decision_hours
        where grain = s.grain and bucket >= s.lo and bucket < s.hi and ${scoped(sql.raw('organization_id'))}
        offset 0
      ) h
      where s.label = 'period' and s.grain <> 'r'
      union all
      select x.hours, 1
      from spans s cross join lateral (
        select round(extract(epoch from y.decided_at - y.created_at) / 3600)::int as hours from (
          select organization_id, status, created_at, decided_at from complaints
          where date_of_misconduct >= s.lo and date_of_misconduct < s.hi offset 0
        ) y where y.status in ${DECIDED_STATUSES} and y.decided_at is not null and ${scoped(sql.raw('y.organization_id'))}
      ) x
      where s.label = 'period' and s.grain = 'r'
    )
    select json_build_object(
      'counts', (
        select coalesce(json_agg(json_build_object(
          'label', t.label, 'organization', json_build_object('id', o.id, 'name', o.name),
          'typeOfOffence', json_build_object('id', y.id, 'name', y.name), 'status', t.status, 'count', t.n)), '[]')
        from totals t join organizations o on o.id = t.organization_id join type_of_offences y on y.id = t.type_of_offence_id
      ),
      'hours', (
        select coalesce(json_agg(json_build_object('value', hours, 'count', n)), '[]')
        from (select hours, sum(n)::int as n from hours group by hours having sum(n) > 0) h
      ),
      -- Submitted complaints past their time to justify: the open ones only, never the archive.
      'overdue', (
        select count(*) from complaints x join contracts k on k.id = x.contract_id
        where x.status = ${COMPLAINT_STATUS.submitted} and ${scoped(sql.raw('x.organization_id'))}
          and ${justifyBySql(sql.raw('x.created_at'), sql.raw('k.justification_days'))} < ${new Date(now).toISOString()}::timestamptz
      ),
      -- The period's complaints whose photos gave a finding the caller sees: the few, by the partial index.
      'withFindings', (
        select count(*) from complaints x
        where x.evidence_flags <> 0 and (x.evidence_flags & ${findingsMask(scopeId)}::smallint) <> 0
          and x.date_of_misconduct >= ${new Date(period.from).toISOString()}::timestamptz
          and x.date_of_misconduct < ${new Date(period.to).toISOString()}::timestamptz
          and ${scoped(sql.raw('x.organization_id'))}
      ),
      'money', (
        select json_build_object(
          'issued', coalesce(sum(r.total) filter (where r.status = 'issued'), 0)::numeric(14, 2)::text,
          'paid', coalesce(sum(r.total) filter (where r.status = 'paid'), 0)::numeric(14, 2)::text)
        from claim_records r join contracts k on k.id = r.contract_id
        where ${scoped(sql.raw('k.organization_id'))}
          and r.period between ${`${period.firstMonth}-01`}::date and ${`${period.lastMonth}-01`}::date
      )
    ) as figures
  `);
  const figures = result.rows[0]!.figures;
  const of = (label: string): DashboardCount[] => figures.counts.filter((c) => c.label === label).map(({ label: _, ...count }) => count);
  const byStatus: Partial<Record<ComplaintStatusCode, number>> = {};
  for (const c of of('now')) byStatus[c.status] = (byStatus[c.status] ?? 0) + c.count;
  return {
    now: byStatus,
    overdue: Number(figures.overdue),
    withFindings: Number(figures.withFindings),
    period: of('period'),
    months: Object.fromEntries(period.months.map((month) => [month, of(month)])),
    hours: figures.hours,
    money: readsClaims ? figures.money : null,
  };
}
