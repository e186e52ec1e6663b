import { sql } from 'drizzle-orm';
import { COMPLAINT_STATUS } from '../../contract/complaint-status';
import { DASHBOARD_MONTHS, DASHBOARD_TOP, REPEAT_OFFENDER_MIN_FINES, type Dashboard } from '../../contract/dashboard';
import { DECIDED_STATUSES, OPEN_STATUSES } from '../../domain/complaint-states';
import { roundHours, type DashboardPeriod } from '../../domain/dashboard';
import type { DbOrTx } from '../db/client';
import { justifyBySql } from './complaints';

type Ref = { id: number; name: string };
interface Figures {
  now: { open: number; awaitingJustification: number; overdue: number };
  period: { decided: number; fined: number; waived: number; median: number | null };
  perMonth: { month: string; submitted: number; justified: number; fined: number; waived: number }[];
  byContractor: { organization: Ref; count: number }[];
  byOffenceType: { typeOfOffence: Ref; count: number }[];
  repeatOffenders: { organization: Ref; typeOfOffence: Ref; count: number }[];
  money: { issued: string; paid: string };
}

/**
 * Every figure of the dashboard in one statement, so PostgreSQL counts them in one snapshot and
 * nothing is counted row by row here. `scopeId`: a contractor's organisation, or null for all.
 * The same figures as `dashboardOf` (domain/dashboard.ts) computes in memory.
 */
export async function dashboardFigures(db: DbOrTx, period: DashboardPeriod, scopeId: number | null, now: number): Promise<Figures> {
  const from = new Date(period.from).toISOString();
  const to = new Date(period.to).toISOString();
  const tz = period.tz;
  const { submitted, justified, fined, waived } = COMPLAINT_STATUS;
  const result = await db.execute<{ figures: Figures }>(sql`
    with scoped as (
      select c.id, c.status, c.organization_id, c.type_of_offence_id, c.date_of_misconduct, c.created_at, c.contract_id
      from complaints c
      where ${scopeId}::int is null or c.organization_id = ${scopeId}::int
    ),
    in_period as (
      select * from scoped where date_of_misconduct >= ${from}::timestamptz and date_of_misconduct < ${to}::timestamptz
    ),
    decided as (
      select p.*, (select max(h.changed_at) from complaint_status_history h where h.complaint_id = p.id and h.to_status in ${DECIDED_STATUSES}) as decided_at
      from in_period p where p.status in ${DECIDED_STATUSES}
    ),
    -- The charts' months: the period's last month and the ones before it, in the caller's calendar.
    in_window as (
      select * from scoped
      where date_of_misconduct >= (date_trunc('month', (${to}::timestamptz - interval '1 microsecond') at time zone ${tz})
                                   - make_interval(months => ${DASHBOARD_MONTHS - 1})) at time zone ${tz}
        and date_of_misconduct < ${to}::timestamptz
    )
    select json_build_object(
      'now', (
        select json_build_object(
          'open', count(*) filter (where s.status in ${OPEN_STATUSES}),
          'awaitingJustification', count(*) filter (where s.status = ${submitted}),
          'overdue', count(*) filter (where s.status = ${submitted} and ${justifyBySql(sql`s.created_at`, sql`k.justification_days`)} < ${new Date(now).toISOString()}::timestamptz))
        from scoped s left join contracts k on k.id = s.contract_id
      ),
      'period', (
        select json_build_object(
          'decided', count(*),
          'fined', count(*) filter (where status = ${fined}),
          'waived', count(*) filter (where status = ${waived}),
          'median', percentile_cont(0.5) within group (order by extract(epoch from decided_at - created_at) / 3600))
        from decided
      ),
      'perMonth', (
        select coalesce(json_agg(json_build_object('month', month, 'submitted', s1, 'justified', s2, 'fined', s3, 'waived', s4)), '[]')
        from (
          select to_char(date_of_misconduct at time zone ${tz}, 'YYYY-MM') as month,
            count(*) filter (where status = ${submitted}) as s1, count(*) filter (where status = ${justified}) as s2,
            count(*) filter (where status = ${fined}) as s3, count(*) filter (where status = ${waived}) as s4
          from in_window group by 1
        ) m
      ),
      'byContractor', (
        select coalesce(json_agg(json_build_object('organization', json_build_object('id', id, 'name', name), 'count', n) order by n desc, id), '[]')
        from (
          select o.id, o.name, count(*) as n from in_period p join organizations o on o.id = p.organization_id
          where p.status = ${fined} group by o.id, o.name order by n desc, o.id limit ${DASHBOARD_TOP}
        ) x
      ),
      'byOffenceType', (
        select coalesce(json_agg(json_build_object('typeOfOffence', json_build_object('id', id, 'name', name), 'count', n) order by n desc, id), '[]')
        from (
          select t.id, t.name, count(*) as n from in_period p join type_of_offences t on t.id = p.type_of_offence_id
          group by t.id, t.name order by n desc, t.id limit ${DASHBOARD_TOP}
        ) x
      ),
      'repeatOffenders', (
        select coalesce(json_agg(json_build_object(
          'organization', json_build_object('id', oid, 'name', oname),
          'typeOfOffence', json_build_object('id', tid, 'name', tname), 'count', n) order by n desc, oid, tid), '[]')
        from (
          select o.id as oid, o.name as oname, t.id as tid, t.name as tname, count(*) as n
          from in_window w join organizations o on o.id = w.organization_id join type_of_offences t on t.id = w.type_of_offence_id
          where w.status = ${fined} group by o.id, o.name, t.id, t.name having count(*) >= ${REPEAT_OFFENDER_MIN_FINES}
          order by n desc, o.id, t.id limit ${DASHBOARD_TOP}
        ) x
      ),
      'money', (
        select json_build_object(
          'issued', coalesce(sum(r.total) filter (where r.status = 'issued'), 0)::numeric(14, 2)::text,
          'paid', coalesce(sum(r.total) filter (where r.status = 'paid'), 0)::numeric(14, 2)::text)
        from claim_records r join contracts k on k.id = r.contract_id
        where (${scopeId}::int is null or k.organization_id = ${scopeId}::int)
          and r.period between ${`${period.firstMonth}-01`}::date and ${`${period.lastMonth}-01`}::date
      )
    ) as figures
  `);
  return result.rows[0]!.figures;
}

/** The figures as the API answers them: every chart month present, money only for who may read it. */
export function dashboardOfFigures(period: DashboardPeriod, figures: Figures, readsClaims: boolean): Dashboard {
  const byMonth = new Map(figures.perMonth.map((m) => [m.month, m]));
  return {
    cards: {
      ...figures.now,
      decided: figures.period.decided,
      fined: figures.period.fined,
      waived: figures.period.waived,
      finesIssued: readsClaims ? figures.money.issued : null,
      finesPaid: readsClaims ? figures.money.paid : null,
      medianHoursToDecision: figures.period.median === null ? null : roundHours(figures.period.median),
    },
    perMonth: period.months.map((month) => byMonth.get(month) ?? { month, submitted: 0, justified: 0, fined: 0, waived: 0 }),
    byContractor: figures.byContractor,
    byOffenceType: figures.byOffenceType,
    repeatOffenders: figures.repeatOffenders,
  };
}
