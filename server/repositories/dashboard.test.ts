import { findingsMask } from '../../domain/evidence';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintResponseSchema, type ComplaintInput } from '../../contract/complaints';
import { type DashboardComplaint, dashboardOf, dashboardOfCounts, dashboardPeriod } from '../../domain/dashboard';
import { ORGANIZATION_ID } from '../../fixtures';
import { archiveComplaints } from '../../fixtures/archive-complaints';
import { insertComplaints } from '../db/seed';
import { createTestApp, type Role } from '../test/test-app';
import { justifyBySql } from './complaints';
import { dashboardCounts, spansOf } from './dashboard';
import { newComplaint } from '../test/complaints';

let t: Awaited<ReturnType<typeof createTestApp>>;
const as = {} as Record<Role, Record<string, string>>;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['officer', 'verifier', 'contractor'] as const) as[role] = await t.signIn(role);
});
afterAll(() => t.close());

const call = async (role: Role, method: 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) => {
  const res = await t.app.inject({ method, url: `/api/v1/${path}`, headers: as[role], ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
};
const register = async (overrides: Partial<ComplaintInput>) =>
  complaintResponseSchema.parse(
    (await call('officer', 'POST', 'complaints', newComplaint({ dateOfMisconduct: '2026-03-10T02:00:00.000Z', ...overrides }))).json(),
  ).data.id;

/** Every summary row that counts something, in one order. */
const summary = async () => ({
  counts: (
    await t.db.execute(sql`select * from complaint_counts where n <> 0 order by grain, bucket, organization_id, type_of_offence_id, status`)
  ).rows,
  hours: (await t.db.execute(sql`select * from decision_hours where n <> 0 order by grain, bucket, organization_id, hours`)).rows,
});

/** The complaints themselves, as the mocks hold them: what the figures must agree with. */
async function rawComplaints(): Promise<(DashboardComplaint & { organizationId: number })[]> {
  const rows = await t.db.execute<{
    status: 1 | 2 | 3 | 4;
    organization_id: number;
    organization_name: string;
    type_id: number;
    type_name: string;
    date_of_misconduct: string;
    created_at: string;
    justify_by: string | null;
    decided_at: string | null;
    evidence_flags: number;
  }>(sql`
    select x.status, x.evidence_flags, o.id as organization_id, o.name as organization_name, y.id as type_id, y.name as type_name,
      x.date_of_misconduct, x.created_at, ${justifyBySql(sql.raw('x.created_at'), sql.raw('k.justification_days'))} as justify_by,
      (select max(h.changed_at) from complaint_status_history h where h.complaint_id = x.id and h.to_status in (3, 4)) as decided_at
    from complaints x join organizations o on o.id = x.organization_id join type_of_offences y on y.id = x.type_of_offence_id
      left join contracts k on k.id = x.contract_id`);
  const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());
  return rows.rows.map((r) => ({
    status: r.status,
    organizationId: r.organization_id,
    organization: { id: r.organization_id, name: r.organization_name },
    typeOfOffence: { id: r.type_id, name: r.type_name },
    dateOfMisconduct: iso(r.date_of_misconduct)!,
    createdAt: iso(r.created_at)!,
    evidenceFlags: r.evidence_flags,
    justifyBy: iso(r.justify_by),
    decidedAt: iso(r.decided_at),
  }));
}

describe('spans of a period', () => {
  const at = (iso: string) => Date.parse(iso);
  const shown = (from: string, to: string) =>
    spansOf(at(from), at(to)).map((s) => `${s.grain} ${new Date(s.from).toISOString()} ${new Date(s.to).toISOString()}`);

  it('reads whole UTC months from the month rows, whole days around them, and the rest from the complaints', () => {
    expect(shown('2025-01-14T16:00:00.000Z', '2025-04-02T16:00:00.000Z')).toEqual([
      'raw 2025-01-14T16:00:00.000Z 2025-01-15T00:00:00.000Z',
      'd 2025-01-15T00:00:00.000Z 2025-02-01T00:00:00.000Z',
      'm 2025-02-01T00:00:00.000Z 2025-04-01T00:00:00.000Z',
      'd 2025-04-01T00:00:00.000Z 2025-04-02T00:00:00.000Z',
      'raw 2025-04-02T00:00:00.000Z 2025-04-02T16:00:00.000Z',
    ]);
    // Within one month: days only; within a day: the complaints only; nothing: nothing.
    expect(shown('2025-03-03T00:00:00.000Z', '2025-03-09T05:30:00.000Z')).toEqual([
      'd 2025-03-03T00:00:00.000Z 2025-03-09T00:00:00.000Z',
      'raw 2025-03-09T00:00:00.000Z 2025-03-09T05:30:00.000Z',
    ]);
    expect(shown('2025-03-03T01:00:00.000Z', '2025-03-03T20:00:00.000Z')).toEqual([
      'raw 2025-03-03T01:00:00.000Z 2025-03-03T20:00:00.000Z',
    ]);
    expect(shown('2025-03-03T01:00:00.000Z', '2025-03-03T01:00:00.000Z')).toEqual([]);
    // Whole months at both ends.
    expect(shown('2016-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')).toEqual(['m 2016-01-01T00:00:00.000Z 2026-01-01T00:00:00.000Z']);
  });
});

describe('the dashboard counts', () => {
  beforeAll(async () => {
    // A bulk insert (a statement of a thousand rows, its history after it), as the archive hook makes.
    await t.db.transaction((tx) => insertComplaints(tx, archiveComplaints(1500)));
    // Each kind of write through the API: register, edit what the counts see, justify, decide, delete.
    const edited = await register({ dateOfMisconduct: '2026-02-28T23:30:00.000Z' });
    await call('officer', 'PATCH', `complaints/${edited}`, { dateOfMisconduct: '2026-03-31T16:10:00.000Z', typeOfOffenceId: 5 });
    const fined = await register({ dateOfMisconduct: '2026-03-31T15:50:00.000Z' });
    await call('contractor', 'POST', `complaints/${fined}/justify`, { justification: 'Our crew was there on time.' });
    await call('verifier', 'POST', `complaints/${fined}/verify`, { decision: 'fine', remark: 'Checked on site.' });
    const waived = await register({
      dateOfMisconduct: '2025-12-31T20:00:00.000Z',
      organizationId: ORGANIZATION_ID.kitarHijau,
      contractId: 2,
    });
    await call('verifier', 'POST', `complaints/${waived}/verify`, { decision: 'waive' });
    const deleted = await register({ dateOfMisconduct: '2026-01-15T08:00:00.000Z' });
    await call('officer', 'DELETE', `complaints/${deleted}`);
  });

  it('are, after every kind of write, what a recount from the rows makes', async () => {
    const kept = await summary();
    expect(kept.counts.length).toBeGreaterThan(100);
    expect(kept.hours.length).toBeGreaterThan(10);
    await t.db.execute(sql`select complaint_counts_recompute()`);
    expect(await summary()).toEqual(kept);
  });

  it('make the figures the complaints themselves make, for any period, calendar and scope', async () => {
    const rows = await rawComplaints();
    const now = Date.now();
    const periods: [string, string][] = [
      ['2026-03-01T00:00:00+08:00', '2026-04-01T00:00:00+08:00'],
      ['2025-10-02T00:00:00+05:45', '2026-03-31T00:00:00+05:45'],
      ['2025-09-30T13:15:00-04:00', '2026-01-01T00:00:00-05:00'],
      ['2016-01-01T00:00:00Z', '2026-12-01T00:00:00Z'],
      ['2026-02-28T23:00:00Z', '2026-03-01T00:00:00Z'],
    ];
    const zones = ['UTC', 'Asia/Kuala_Lumpur', 'Asia/Kathmandu', 'America/New_York', 'Asia/Kolkata'];
    let compared = 0;
    for (const [k, [from, to]] of periods.entries()) {
      for (const scopeId of [null, ORGANIZATION_ID.alamBersih, ORGANIZATION_ID.kitarHijau]) {
        const period = dashboardPeriod({ from, to, tz: zones[(k + (scopeId ?? 0)) % zones.length]! });
        const expected = dashboardOf(
          period,
          rows.filter((r) => scopeId === null || r.organizationId === scopeId),
          null,
          now,
          findingsMask(scopeId),
        );
        const actual = dashboardOfCounts(period, await dashboardCounts(t.db, period, scopeId, now, false));
        expect(actual, `${from} – ${to} in ${period.tz}, organisation ${scopeId}`).toEqual(expected);
        compared += expected.perMonth.reduce((n, m) => n + m.submitted + m.justified + m.fined + m.waived, 0);
      }
    }
    // The comparisons counted something: the archive and the demo data are in these periods.
    expect(compared).toBeGreaterThan(3000);
  });
});
