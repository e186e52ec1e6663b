import { beforeEach, describe, expect, it } from 'vitest';
import { auditListResponseSchema } from '../contract/audit';
import { complaintListResponseSchema, complaintResponseSchema } from '../contract/complaints';
import { contractListResponseSchema, contractResponseSchema } from '../contract/contracts';
import { formulaResponseSchema } from '../contract/formulas';
import { complaints as fixtureComplaints, contracts, FORMULA_ID, formulas, ORGANIZATION_ID, typeOfOffences, ZONE_ID } from '../fixtures';
import { connectApi, expectProblem, readAs } from './support/api';

const api = connectApi();
beforeEach(() => api.reset());

const list = async (query = '') =>
  readAs(contractListResponseSchema, await api.call('GET', `api/v1/contracts?limit=1000&${query}`, { as: 'admin' })).data;
const create = (body: Record<string, unknown>) => api.call('POST', 'api/v1/contracts', { as: 'admin', body });
const change = (id: number, body: Record<string, unknown>) => api.call('PATCH', `api/v1/contracts/${id}`, { as: 'admin', body });

const NEW = {
  contractNo: 'MPSK/KON/2027/010',
  title: 'Grass cutting, Zon Timur',
  organizationId: ORGANIZATION_ID.kitarHijau,
  zoneId: ZONE_ID.east,
  startDate: '2027-01-01',
  endDate: '2027-12-31',
  value: '850000.00',
  formulaId: FORMULA_ID.perItem,
  rates: [
    { typeOfOffenceId: 2, rate: '80.00' },
    { typeOfOffenceId: 1, rate: '45.50' },
  ],
};

describe('contracts', () => {
  it('are listed by number, with rates as money; filtered by contractor, zone and the day they run on', async () => {
    const all = await list();
    expect(all.items.map((c) => c.contractNo)).toEqual(contracts.map((c) => c.contractNo).sort());
    const first = all.items.find((c) => c.id === contracts[0]!.id)!;
    expect(first).toMatchObject({ value: '4800000.00', justificationDays: 7, formulaId: contracts[0]!.formulaId });
    expect(first.rates).toHaveLength(typeOfOffences.length);
    expect(first.rates.every((r) => /^\d+\.\d{2}$/.test(r.rate))).toBe(true);
    expect((await list(`organizationId=${ORGANIZATION_ID.kitarHijau}`)).items.map((c) => c.organizationId)).toEqual([
      ORGANIZATION_ID.kitarHijau,
    ]);
    expect((await list(`zoneId=${ZONE_ID.south}`)).items.map((c) => c.zoneId)).toEqual([ZONE_ID.south]);
    expect((await list('activeOn=2028-06-01')).items.map((c) => c.endDate)).toEqual(['2028-12-31']);
    expect((await list('activeOn=2025-12-31')).items).toEqual([]);
    expect((await list('q=zon utara')).items.map((c) => c.id)).toEqual([contracts[1]!.id]);
    expect((await list('sort=-value')).items.map((c) => c.value)).toEqual(['4800000.00', '3250000.00', '2100000.00']);
    expectProblem(await api.call('GET', 'api/v1/contracts?activeOn=tomorrow', { as: 'admin' }), 400);
    const csv = await api.call('GET', 'api/v1/contracts.csv?lang=ms', { as: 'admin' });
    expect(csv.text.split('\r\n')[0]).toContain('No. Kontrak,Tajuk,Kontraktor,Zon');
    expect(csv.text).toContain(
      'MPSK/KON/2026/001,"Solid waste collection and public cleansing, Zon Pusat",Alam Bersih Sdn Bhd,Zon Pusat,2026-01-01,2028-12-31,4800000.00,Repeat offender escalation,7',
    );
  });

  it('are created with unique numbers, periods in order, each offence type rated once, active choices; refusals write nothing', async () => {
    const made = readAs(contractResponseSchema, await create(NEW)).data;
    expect(made).toMatchObject({
      ...NEW,
      justificationDays: 7,
      rates: [
        { typeOfOffenceId: 1, rate: '45.50' },
        { typeOfOffenceId: 2, rate: '80.00' },
      ],
    });
    expect(readAs(contractResponseSchema, await api.call('GET', `api/v1/contracts/${made.id}`, { as: 'admin' })).data).toEqual(made);

    const before = (await list()).pagination.totalRow;
    expect(Object.keys(expectProblem(await create({ ...NEW, contractNo: NEW.contractNo.toLowerCase() }), 409).errors ?? {})).toEqual([
      'contractNo',
    ]);
    expect(expectProblem(await create({ ...NEW, contractNo: 'X-1', endDate: '2026-12-31' }), 400).errors?.endDate).toEqual([
      'The end date comes before the start date.',
    ]);
    expect(
      expectProblem(
        await create({
          ...NEW,
          contractNo: 'X-2',
          rates: [
            { typeOfOffenceId: 1, rate: '1.00' },
            { typeOfOffenceId: 1, rate: '2.00' },
          ],
        }),
        400,
      ).errors?.rates,
    ).toBeDefined();
    expect(
      expectProblem(await create({ ...NEW, contractNo: 'X-3', rates: [{ typeOfOffenceId: 999, rate: '1.00' }] }), 400).errors?.rates,
    ).toBeDefined();
    const inactiveFormula = formulas.find((f) => !f.active)!;
    expect(expectProblem(await create({ ...NEW, contractNo: 'X-4', formulaId: inactiveFormula.id }), 400).errors?.formulaId).toEqual([
      'Select an active formula.',
    ]);
    for (const body of [
      { ...NEW, value: '-1.00' },
      { ...NEW, value: '1.005' },
      { ...NEW, value: 1000 },
      { ...NEW, startDate: '2027-02-30' },
      { ...NEW, justificationDays: 0 },
      { ...NEW, rates: [{ typeOfOffenceId: 1, rate: '1', extra: 1 }] },
    ]) {
      expectProblem(await create({ ...body, contractNo: 'X-5' }), 400);
    }
    expect((await list()).pagination.totalRow).toBe(before);
  });

  it('are changed (rates replaced whole) with the same checks, a contract keeping a formula deactivated since', async () => {
    const id = contracts[0]!.id;
    readAs(
      formulaResponseSchema,
      await api.call('PATCH', `api/v1/formulas/${contracts[0]!.formulaId}`, { as: 'admin', body: { active: false } }),
    );
    const changed = readAs(
      contractResponseSchema,
      await change(id, {
        title: 'Renamed',
        formulaId: contracts[0]!.formulaId,
        justificationDays: 10,
        rates: [{ typeOfOffenceId: 3, rate: '99.99' }],
      }),
    ).data;
    expect(changed).toMatchObject({ title: 'Renamed', justificationDays: 10, rates: [{ typeOfOffenceId: 3, rate: '99.99' }] });
    expectProblem(await change(id, { endDate: '2025-01-01' }), 400);
    const events = readAs(
      auditListResponseSchema,
      await api.call('GET', `api/v1/audit-events?entity=contract&entityId=${id}`, { as: 'admin' }),
    ).data.items;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'update',
      before: { title: contracts[0]!.title },
      after: { title: 'Renamed', justificationDays: 10 },
    });
  });

  it('named by complaints are never deleted; a new one is', async () => {
    expect(expectProblem(await api.call('DELETE', `api/v1/contracts/${contracts[0]!.id}`, { as: 'admin' }), 409).detail).toMatch(
      /^\d+ complaints and \d+ claim records use this contract; it stays for their records\.$/,
    );
    const made = readAs(contractResponseSchema, await create(NEW)).data;
    expect((await api.call('DELETE', `api/v1/contracts/${made.id}`, { as: 'admin' })).status).toBe(204);
    expectProblem(await api.call('GET', `api/v1/contracts/${made.id}`, { as: 'admin' }), 404);
  });

  it('are the administrators’ to write; officers, who bill them, read them; no other role does', async () => {
    for (const who of ['officer', 'verifier', 'contractor'] as const) {
      expectProblem(await api.call('POST', 'api/v1/contracts', { as: who, body: NEW }), 403);
    }
    for (const who of ['verifier', 'contractor'] as const) expectProblem(await api.call('GET', 'api/v1/contracts', { as: who }), 403);
    expect((await api.call('GET', 'api/v1/contracts', { as: 'officer' })).status).toBe(200);
    expectProblem(await api.call('PATCH', `api/v1/contracts/${contracts[0]!.id}`, { as: 'officer', body: { title: 'Renamed' } }), 403);
  });
});

describe('a complaint’s contract', () => {
  const complaint = (overrides: Record<string, unknown>) => ({
    typeOfOffenceId: 1,
    organizationId: ORGANIZATION_ID.alamBersih,
    contractId: contracts[0]!.id,
    dateOfMisconduct: '2026-06-01T09:00:00+08:00',
    description: 'Rubbish left beside the bins after collection.',
    offender: 'Crew of lorry WXY 1234',
    location: 'Jalan Melati 3',
    qty: 1,
    ...overrides,
  });

  it('must run on the day of the misconduct, in Malaysian time', async () => {
    const later = readAs(contractResponseSchema, await change(contracts[0]!.id, { startDate: '2026-06-01' })).data;
    expect(later.startDate).toBe('2026-06-01');
    // 31 May 23:30 in Kuala Lumpur is 15:30 UTC: before the contract, whatever the offset written.
    const before = expectProblem(
      await api.call('POST', 'api/v1/complaints', { as: 'officer', body: complaint({ dateOfMisconduct: '2026-05-31T15:30:00Z' }) }),
      400,
    );
    expect(before.errors?.contractId).toEqual([
      'Contract MPSK/KON/2026/001 runs from 2026-06-01 to 2028-12-31; the misconduct happened outside it.',
    ]);
    readAs(
      complaintResponseSchema,
      await api.call('POST', 'api/v1/complaints', { as: 'officer', body: complaint({ dateOfMisconduct: '2026-05-31T16:30:00Z' }) }),
    );
    expectProblem(await api.call('POST', 'api/v1/complaints', { as: 'officer', body: complaint({ contractId: contracts[1]!.id }) }), 400);
  });

  it('is checked again when the date of an open complaint changes', async () => {
    const made = readAs(complaintResponseSchema, await api.call('POST', 'api/v1/complaints', { as: 'officer', body: complaint({}) })).data;
    readAs(contractResponseSchema, await change(contracts[0]!.id, { startDate: '2026-03-01' }));
    const refused = expectProblem(
      await api.call('PATCH', `api/v1/complaints/${made.id}`, { as: 'officer', body: { dateOfMisconduct: '2026-02-27T10:00:00+08:00' } }),
      400,
    );
    expect(refused.code).toBe('contractNotRunning');
  });
});

describe('the time to justify', () => {
  const register = async () =>
    readAs(
      complaintResponseSchema,
      await api.call('POST', 'api/v1/complaints', {
        as: 'officer',
        body: {
          typeOfOffenceId: 2,
          organizationId: ORGANIZATION_ID.alamBersih,
          contractId: contracts[0]!.id,
          dateOfMisconduct: '2026-07-01T10:00:00+08:00',
          description: 'Overflowing bins.',
          offender: 'Crew A',
          location: 'Jalan Dahlia',
          qty: 2,
        },
      }),
    ).data;

  it('is the registration time plus the contract’s days, in the lists and the detail', async () => {
    const made = await register();
    expect(Date.parse(made.justifyBy!) - Date.parse(made.createdAt)).toBe(contracts[0]!.justificationDays * 86_400_000);
    readAs(contractResponseSchema, await change(contracts[0]!.id, { justificationDays: 10 }));
    const read = readAs(complaintResponseSchema, await api.call('GET', `api/v1/complaints/${made.id}`, { as: 'contractor' })).data;
    expect(Date.parse(read.justifyBy!) - Date.parse(read.createdAt)).toBe(10 * 86_400_000);
    const open = readAs(complaintListResponseSchema, await api.call('GET', 'api/v1/complaints?limit=1000', { as: 'contractor' })).data;
    expect(open.items.find((c) => c.id === made.id)?.justifyBy).toBe(read.justifyBy);
    const justified = readAs(
      complaintResponseSchema,
      await api.call('POST', `api/v1/complaints/${made.id}/justify`, { as: 'contractor', body: { justification: 'Emptied at noon.' } }),
    ).data;
    expect(justified.status).toBe(2);
  });

  it('once passed, refuses the contractor with 409 and changes nothing; the verifier decides alone', async () => {
    const overdue = complaintsOf(1).sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))[0]!;
    expect(Date.parse(overdue.justifyBy!)).toBeLessThan(Date.now());
    const refused = expectProblem(
      await api.call('POST', `api/v1/complaints/${overdue.id}/justify`, { as: 'contractor', body: { justification: 'Too late?' } }),
      409,
    );
    expect(refused.code).toBe('justifyDeadlinePassed');
    expect(refused.detail).toMatch(
      /^The time to justify this complaint ended on \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Malaysian time\); the verifier decides it alone\.$/,
    );
    expect(readAs(complaintResponseSchema, await api.call('GET', `api/v1/complaints/${overdue.id}`, { as: 'admin' })).data).toMatchObject({
      status: 1,
      justification: null,
    });
    const fined = readAs(
      complaintResponseSchema,
      await api.call('POST', `api/v1/complaints/${overdue.id}/verify`, {
        as: 'verifier',
        body: { decision: 'fine', remark: 'No justification in time.' },
      }),
    ).data;
    expect(fined.status).toBe(3);
  });
});

/** The fixture's complaints of the demo contractor in a status. */
const complaintsOf = (status: number) =>
  fixtureComplaints.filter((c) => c.status === status && c.organizationId === ORGANIZATION_ID.alamBersih);
