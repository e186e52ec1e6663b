import { beforeEach, describe, expect, it } from 'vitest';
import { claimRecordListResponseSchema } from '../contract/claim-records';
import { complaintListResponseSchema, complaintResponseSchema } from '../contract/complaints';
import { dashboardResponseSchema } from '../contract/dashboard';
import { ORGANIZATION_ID } from '../fixtures';
import { connectApi, expectProblem, readAs } from './support/api';

const api = connectApi();
beforeEach(() => api.reset());

const KL = 'Asia/Kuala_Lumpur';
const dashboard = (from: string, to: string, as: 'verifier' | 'contractor' | 'officer' | 'admin' = 'verifier', tz = KL) =>
  api.call('GET', `api/v1/dashboard?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&tz=${encodeURIComponent(tz)}`, { as });
const empty = (month: string) => ({ month, submitted: 0, justified: 0, fined: 0, waived: 0 });

/*
 * The figures below were counted by hand from the fixtures (fixtures/complaints.ts): 64
 * complaints, one every five days from 5 January 2026; statuses in the cycle 1 2 3 1 4 2 3 4;
 * contractors in turn Alam Bersih (2), Kitar Hijau (3), Sinar Lestari (4); every decision 30
 * hours after registration; every contract gives 7 days to justify, so each submitted one is
 * overdue by now. Claim records: Alam Bersih's February paid (20,000.00) and April issued
 * (4,300.00) and June draft; Kitar Hijau's February issued (2,460.00).
 */
describe('the dashboard', () => {
  it('counts March 2026 as a verifier sees it (complaints 12 to 18)', async () => {
    const figures = readAs(dashboardResponseSchema, await dashboard('2026-03-01T00:00:00+08:00', '2026-04-01T00:00:00+08:00')).data;
    expect(figures.cards).toEqual({
      // Now, whatever the period: 32 of 64 open, 16 submitted, all of them past their 7 days:
      // none still awaits a justification.
      open: 32,
      awaitingJustification: 0,
      overdue: 16,
      // 12 submitted, 13 waived, 14 justified, 15 fined, 16 waived, 17 submitted, 18 justified.
      decided: 3,
      fined: 1,
      waived: 2,
      // The fixture photos that give findings are of September to November.
      withFindings: 0,
      // No claim record is of March.
      finesIssued: '0.00',
      finesPaid: '0.00',
      medianHoursToDecision: 30,
    });
    expect(figures.perMonth).toEqual([
      ...['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12'].map(empty),
      // 1–6: 1 2 3 1 4 2; 7–11: 3 4 1 2 3; 12–18: 1 4 2 3 4 1 2.
      { month: '2026-01', submitted: 2, justified: 2, fined: 1, waived: 1 },
      { month: '2026-02', submitted: 1, justified: 1, fined: 2, waived: 1 },
      { month: '2026-03', submitted: 2, justified: 2, fined: 1, waived: 2 },
    ]);
    // Only 15 (Sinar Lestari, Grass not cut) was fined.
    expect(figures.byContractor).toEqual([{ organization: { id: 4, name: expect.stringContaining('Sinar') }, count: 1 }]);
    // Types: 12 → 10, 13 → 2, 14 → 6, 15 → 9, 16 → 2, 17 → 5, 18 → 9.
    expect(figures.byOffenceType.map((t) => [t.typeOfOffence.id, t.count])).toEqual([
      [2, 2],
      [9, 2],
      [5, 1],
      [6, 1],
      [10, 1],
    ]);
    expect(figures.byOffenceType[0]!.typeOfOffence.name).toBe('Illegal dumping');
    // The four fines of January to March (3, 7, 11, 15) are four different pairs.
    expect(figures.repeatOffenders).toEqual([]);
  });

  it('counts only the contractor’s own organisation, and its own invoices', async () => {
    const figures = readAs(
      dashboardResponseSchema,
      await dashboard('2026-01-01T00:00:00+08:00', '2027-01-01T00:00:00+08:00', 'contractor'),
    ).data;
    // Alam Bersih has 1, 4, 7, … 64: 22 complaints, 6 submitted, 5 justified, 5 fined, 6 waived.
    expect(figures.cards).toEqual({
      open: 11,
      awaitingJustification: 0,
      overdue: 6,
      decided: 11,
      fined: 5,
      waived: 6,
      // 58 and 61 (fixtures/evidence.ts).
      withFindings: 2,
      finesIssued: '4300.00',
      finesPaid: '20000.00',
      medianHoursToDecision: 30,
    });
    expect(figures.byContractor).toEqual([{ organization: { id: ORGANIZATION_ID.alamBersih, name: expect.any(String) }, count: 5 }]);
    // Type 2 four times (7, 13, 16, 64); eight types twice; then type 3 (22), first of the ones seen once.
    expect(figures.byOffenceType.map((t) => [t.typeOfOffence.id, t.count])).toEqual([
      [2, 4],
      [1, 2],
      [4, 2],
      [6, 2],
      [7, 2],
      [8, 2],
      [9, 2],
      [10, 2],
      [11, 2],
      [3, 1],
    ]);
    expect(figures.perMonth.reduce((n, m) => n + m.submitted + m.justified + m.fined + m.waived, 0)).toBe(22);

    // Every contractor, as the verifier sees the same year: both invoices issued, the draft not counted.
    const all = readAs(dashboardResponseSchema, await dashboard('2026-01-01T00:00:00+08:00', '2027-01-01T00:00:00+08:00')).data;
    expect(all.cards).toMatchObject({ open: 32, decided: 32, fined: 16, waived: 16, finesIssued: '6760.00', finesPaid: '20000.00' });
    expect(all.byContractor.map((c) => [c.organization.id, c.count])).toEqual([
      [4, 6],
      [2, 5],
      [3, 5],
    ]);

    // The money cards link to the claim records of the period's months, in that status.
    const records = async (status: string, as: 'verifier' | 'contractor') =>
      readAs(
        claimRecordListResponseSchema,
        await api.call('GET', `api/v1/claim-records?status=${status}&from=2026-01&to=2026-12`, { as }),
      ).data.items.map((r) => r.total);
    expect(await records('issued', 'verifier')).toEqual(expect.arrayContaining(['4300.00', '2460.00']));
    expect(await records('issued', 'verifier')).toHaveLength(2);
    expect(await records('issued', 'contractor')).toEqual(['4300.00']);
    expect(await records('paid', 'contractor')).toEqual(['20000.00']);
    const aprilOnly = readAs(
      claimRecordListResponseSchema,
      await api.call('GET', 'api/v1/claim-records?from=2026-03&to=2026-05', { as: 'verifier' }),
    ).data.items;
    expect(aprilOnly.map((r) => r.month)).toEqual(['2026-04']);
  });

  it('names a contractor fined twice or more for one offence in the last twelve months', async () => {
    // Kitar Hijau was fined for illegal dumping once (35, June); two more today make three.
    const today = new Date().toISOString().slice(0, 10);
    for (let k = 0; k < 2; k += 1) {
      const { id } = readAs(
        complaintResponseSchema,
        await api.call('POST', 'api/v1/complaints', {
          as: 'officer',
          body: {
            typeOfOffenceId: 2,
            organizationId: ORGANIZATION_ID.kitarHijau,
            contractId: 2,
            dateOfMisconduct: `${today}T00:00:01+08:00`,
            description: 'Dumped again.',
            offender: 'Crew K',
            location: 'Jalan Ipoh',
            qty: 1,
          },
        }),
      ).data;
      readAs(
        complaintResponseSchema,
        await api.call('POST', `api/v1/complaints/${id}/verify`, { as: 'verifier', body: { decision: 'fine' } }),
      );
    }
    const to = new Date(Date.now() + 86_400_000).toISOString();
    const figures = readAs(dashboardResponseSchema, await dashboard('2026-01-01T00:00:00+08:00', to)).data;
    expect(figures.repeatOffenders).toEqual([
      {
        organization: { id: ORGANIZATION_ID.kitarHijau, name: expect.any(String) },
        typeOfOffence: { id: 2, name: 'Illegal dumping' },
        count: 3,
      },
    ]);
    // The contractor concerned sees it; another does not.
    expect(readAs(dashboardResponseSchema, await dashboard('2026-01-01T00:00:00+08:00', to, 'contractor')).data.repeatOffenders).toEqual(
      [],
    );
  });

  it('links its overdue and awaiting cards to lists of as many rows, which a complaint moves between', async () => {
    const figures = readAs(
      dashboardResponseSchema,
      await dashboard('2026-03-01T00:00:00+08:00', '2026-04-01T00:00:00+08:00', 'contractor'),
    ).data;
    const overdue = readAs(
      complaintListResponseSchema,
      await api.call('GET', 'api/v1/complaints?history=true&overdue=true&limit=100', { as: 'contractor' }),
    ).data;
    expect(overdue.pagination.totalRow).toBe(figures.cards.overdue);
    expect(overdue.items.map((c) => c.refNo).sort()).toEqual([1, 4, 25, 28, 49, 52].map((id) => `CMP-2026-${String(id).padStart(6, '0')}`));
    // A complaint registered now is not overdue, on the card or in the list.
    readAs(
      complaintResponseSchema,
      await api.call('POST', 'api/v1/complaints', {
        as: 'officer',
        body: {
          typeOfOffenceId: 1,
          organizationId: ORGANIZATION_ID.alamBersih,
          contractId: 1,
          dateOfMisconduct: new Date(Date.now() - 60_000).toISOString(),
          description: 'Fresh.',
          offender: 'Crew A',
          location: 'Jalan Mawar',
          qty: 1,
        },
      }),
    );
    const after = readAs(dashboardResponseSchema, await dashboard('2026-03-01T00:00:00+08:00', '2026-04-01T00:00:00+08:00', 'contractor'))
      .data.cards;
    // Awaiting justification counts only the submitted complaints still within their time.
    expect([after.awaitingJustification, after.overdue]).toEqual([1, 6]);
    const total = async (filter: string) =>
      readAs(complaintListResponseSchema, await api.call('GET', `api/v1/complaints?history=true&${filter}`, { as: 'contractor' })).data
        .pagination.totalRow;
    expect(await total('overdue=true')).toBe(6);
    expect(await total('status=1&overdue=false')).toBe(1);
  });

  it('counts months in the caller’s calendar', async () => {
    // Complaint 12 is 1 March 15:00 in Kuala Lumpur, 07:00 UTC: March either way. Complaint 18's
    // 31 March, by UTC, is still March; 19 (5 April) is April in both. So March in UTC holds the same.
    const utc = readAs(dashboardResponseSchema, await dashboard('2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z', 'verifier', 'UTC')).data;
    expect(utc.perMonth.at(-1)).toEqual({ month: '2026-03', submitted: 2, justified: 2, fined: 1, waived: 2 });
    expect(utc.perMonth).toHaveLength(12);
  });

  it('refuses a bad period and the signed-out', async () => {
    expect(expectProblem(await dashboard('2026-04-01T00:00:00+08:00', '2026-03-01T00:00:00+08:00'), 400).errors?.to).toBeDefined();
    expect(expectProblem(await dashboard('2026-03-01T00:00:00+08:00', '2026-03-01T00:00:00+08:00'), 400).errors?.to).toBeDefined();
    expect(
      expectProblem(await dashboard('2026-03-01T00:00:00+08:00', '2026-04-01T00:00:00+08:00', 'verifier', 'Mars/Olympus'), 400).errors?.tz,
    ).toBeDefined();
    expect(expectProblem(await dashboard('March', '2026-04-01T00:00:00+08:00'), 400).errors?.from).toBeDefined();
    expectProblem(await api.call('GET', 'api/v1/dashboard?from=2026-03-01T00:00:00Z&to=2026-04-01T00:00:00Z'), 401);
  });
});
