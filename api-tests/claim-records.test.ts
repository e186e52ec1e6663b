import { beforeEach, describe, expect, it } from 'vitest';
import { claimRecordListResponseSchema, claimRecordResponseSchema } from '../contract/claim-records';
import { complaintResponseSchema } from '../contract/complaints';
import { contractResponseSchema } from '../contract/contracts';
import { formulaResponseSchema } from '../contract/formulas';
import { authorityMonth, issueDates } from '../domain/claims';
import { notificationListResponseSchema } from '../contract/notifications';
import { ACCOUNT_ID, claimRecords, INVOICE_COUNTERS, ORGANIZATION_ID, organizations } from '../fixtures';
import { connectApi, expectProblem, readAs } from './support/api';

const api = connectApi();
beforeEach(() => api.reset());

/**
 * A contract of this month with a plain formula, rate × qty, and three complaints under it:
 * two fined (qty 2 and 3 at 12.50: 25.00 and 37.50, total 62.50, checked by hand) and one waived.
 */
async function scenario() {
  const today = new Date().toISOString().slice(0, 10);
  const formula = readAs(
    formulaResponseSchema,
    await api.call('POST', 'api/v1/formulas', { as: 'admin', body: { name: 'Rate times quantity', expression: 'rate * qty' } }),
  ).data;
  const contract = readAs(
    contractResponseSchema,
    await api.call('POST', 'api/v1/contracts', {
      as: 'admin',
      body: {
        contractNo: 'CLAIM/TEST/1',
        title: 'Claims test',
        organizationId: ORGANIZATION_ID.alamBersih,
        startDate: '2026-01-01',
        endDate: '2030-12-31',
        value: '100000.00',
        formulaId: formula.id,
        rates: [{ typeOfOffenceId: 1, rate: '12.50' }],
      },
    }),
  ).data;
  const register = async (qty: number) =>
    readAs(
      complaintResponseSchema,
      await api.call('POST', 'api/v1/complaints', {
        as: 'officer',
        body: {
          typeOfOffenceId: 1,
          organizationId: ORGANIZATION_ID.alamBersih,
          contractId: contract.id,
          dateOfMisconduct: `${today}T00:00:01+08:00`,
          description: 'Litter left behind.',
          offender: 'Crew C',
          location: 'Jalan Mawar',
          qty,
        },
      }),
    ).data;
  const [a, b, c] = [await register(2), await register(3), await register(1)];
  for (const [complaint, decision] of [
    [a, 'fine'],
    [b, 'fine'],
    [c, 'waive'],
  ] as const) {
    readAs(
      complaintResponseSchema,
      await api.call('POST', `api/v1/complaints/${complaint.id}/verify`, { as: 'verifier', body: { decision } }),
    );
  }
  return { contract, month: authorityMonth(new Date().toISOString()), fined: [a, b] };
}

const generate = (contractId: number, month: string, as: 'officer' | 'verifier' = 'officer') =>
  api.call('POST', 'api/v1/claim-records', { as, body: { contractId, month } });

describe('the fixture’s claim records', () => {
  it('are in every status, and a contractor reads only its own issued and paid ones', async () => {
    const all = readAs(claimRecordListResponseSchema, await api.call('GET', 'api/v1/claim-records', { as: 'verifier' })).data.items;
    expect(all.map((r) => r.id).sort()).toEqual(claimRecords.map((r) => r.id).sort());
    expect(new Set(all.map((r) => r.status))).toEqual(new Set(['draft', 'issued', 'paid']));
    const own = readAs(claimRecordListResponseSchema, await api.call('GET', 'api/v1/claim-records', { as: 'contractor' })).data.items;
    expect(own.map((r) => r.id).sort()).toEqual(
      claimRecords
        .filter((r) => r.organization.id === ORGANIZATION_ID.alamBersih && r.status !== 'draft')
        .map((r) => r.id)
        .sort(),
    );
    // Newest month first unless sorted.
    expect(all.map((r) => r.month)).toEqual([...all.map((r) => r.month)].sort().reverse());
    const paid = claimRecords.find((r) => r.status === 'paid')!;
    expect(readAs(claimRecordResponseSchema, await api.call('GET', `api/v1/claim-records/${paid.id}`, { as: 'contractor' })).data).toEqual(
      paid,
    );
  });

  it('sort by invoice number as the database does: a draft has none, so it comes last, and first when descending', async () => {
    const sorted = async (sort: string) =>
      readAs(claimRecordListResponseSchema, await api.call('GET', `api/v1/claim-records?sort=${sort}`, { as: 'verifier' })).data.items;
    const numbers = (items: readonly { invoiceNo: string | null }[]) => items.map((r) => r.invoiceNo);
    const issuedNumbers = claimRecords
      .filter((r) => r.invoiceNo !== null)
      .map((r) => r.invoiceNo!)
      .sort();
    const drafts = claimRecords.filter((r) => r.invoiceNo === null).map(() => null);
    expect(drafts.length).toBeGreaterThan(0);
    expect(numbers(await sorted('invoiceNo'))).toEqual([...issuedNumbers, ...drafts]);
    expect(numbers(await sorted('-invoiceNo'))).toEqual([...drafts, ...issuedNumbers.reverse()]);
  });

  it('continue the year’s invoice numbers', async () => {
    const draft = claimRecords.find((r) => r.status === 'draft')!;
    const issued = readAs(
      claimRecordResponseSchema,
      await api.call('POST', `api/v1/claim-records/${draft.id}/issue`, { as: 'officer' }),
    ).data;
    const year = issued.issuedOn!.slice(0, 4);
    expect(issued.invoiceNo).toBe(`INV-${year}-${String((INVOICE_COUNTERS[Number(year)] ?? 0) + 1).padStart(6, '0')}`);
  });
});

describe('claim records', () => {
  it('draft a month’s fines of a contract, each line priced by its formula and kept as priced', async () => {
    const { contract, month, fined } = await scenario();
    const draft = readAs(claimRecordResponseSchema, await generate(contract.id, month)).data;
    expect(draft).toMatchObject({
      status: 'draft',
      month,
      total: '62.50',
      lineCount: 2,
      invoiceNo: null,
      contract: { id: contract.id, contractNo: 'CLAIM/TEST/1' },
      organization: { id: ORGANIZATION_ID.alamBersih },
    });
    // Its audit event carries what names it before it has an invoice no.: the contract and month.
    const trail = await api.call('GET', `api/v1/audit-events?entity=claim-record&entityId=${draft.id}`, { as: 'admin' });
    expect((trail.json as { data: { items: unknown[] } }).data.items[0]).toMatchObject({
      action: 'create',
      after: { contract: { contractNo: 'CLAIM/TEST/1' }, month, invoiceNo: null },
    });
    expect(draft.lines.map((l) => [l.refNo, l.qty, l.rate, l.expression, l.repeatCount, l.amount])).toEqual([
      [fined[0]!.refNo, 2, '12.50', 'rate * qty', 0, '25.00'],
      [fined[1]!.refNo, 3, '12.50', 'rate * qty', 1, '37.50'],
    ]);
    // A month already claimed says so, though nothing is left to claim in it either.
    expect(expectProblem(await generate(contract.id, month), 409)).toMatchObject({
      code: 'claimExists',
      detail: `Contract CLAIM/TEST/1 already has a claim record for ${month}.`,
    });
    expect(expectProblem(await generate(999_999, month), 400).errors?.contractId).toEqual(['Select a contract.']);
    expect(expectProblem(await generate(contract.id, '2025-01'), 409).code).toBe('claimNothing');
    expect(expectProblem(await generate(contract.id, '2026-13'), 400).errors?.month).toBeDefined();
    expectProblem(await generate(contract.id, month, 'verifier'), 403);

    // A draft follows a new rate when refreshed; the lines' CSV says what was computed.
    readAs(
      contractResponseSchema,
      await api.call('PATCH', `api/v1/contracts/${contract.id}`, { as: 'admin', body: { rates: [{ typeOfOffenceId: 1, rate: '20.00' }] } }),
    );
    const refreshed = readAs(
      claimRecordResponseSchema,
      await api.call('POST', `api/v1/claim-records/${draft.id}/refresh`, { as: 'officer' }),
    ).data;
    expect(refreshed.lines.map((l) => l.amount)).toEqual(['40.00', '60.00']);
    expect(refreshed.total).toBe('100.00');
    const csv = await api.call('GET', `api/v1/claim-records/${draft.id}.csv?lang=ms&tz=Asia/Kuala_Lumpur`, { as: 'officer' });
    expect(csv.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'No. Rujukan,Jenis Kesalahan,Tarikh Salah Laku,Kuantiti,Kadar,Formula,Bilangan Ulangan,Amaun',
    );
    expect(csv.text).toContain(`${fined[1]!.refNo},`);
    expect(csv.text).toContain(',3,20.00,rate * qty,1,60.00');
  });

  it('issue with an invoice number and dates, immutable from then on, then paid once', async () => {
    const { contract, month } = await scenario();
    const draft = readAs(claimRecordResponseSchema, await generate(contract.id, month)).data;
    // A contractor never sees a draft.
    expectProblem(await api.call('GET', `api/v1/claim-records/${draft.id}`, { as: 'contractor' }), 404);
    expect(
      readAs(claimRecordListResponseSchema, await api.call('GET', 'api/v1/claim-records', { as: 'contractor' })).data.items.map(
        (r) => r.id,
      ),
    ).not.toContain(draft.id);

    const issued = readAs(
      claimRecordResponseSchema,
      await api.call('POST', `api/v1/claim-records/${draft.id}/issue`, { as: 'officer' }),
    ).data;
    const { issuedOn, dueOn } = issueDates(Date.now());
    expect(issued).toMatchObject({ status: 'issued', issuedOn, dueOn, total: '62.50' });
    expect(issued.invoiceNo).toMatch(new RegExp(`^INV-${issuedOn.slice(0, 4)}-\\d{6}$`));

    // Later rates change nothing issued; refresh and delete are refused.
    readAs(
      contractResponseSchema,
      await api.call('PATCH', `api/v1/contracts/${contract.id}`, { as: 'admin', body: { rates: [{ typeOfOffenceId: 1, rate: '99.00' }] } }),
    );
    expect(readAs(claimRecordResponseSchema, await api.call('GET', `api/v1/claim-records/${draft.id}`, { as: 'contractor' })).data).toEqual(
      issued,
    );
    expect(expectProblem(await api.call('POST', `api/v1/claim-records/${draft.id}/refresh`, { as: 'officer' }), 409).code).toBe(
      'claimNotDraft',
    );
    expectProblem(await api.call('DELETE', `api/v1/claim-records/${draft.id}`, { as: 'officer' }), 409);
    expectProblem(await api.call('POST', `api/v1/claim-records/${draft.id}/issue`, { as: 'officer' }), 409);

    const early = expectProblem(
      await api.call('POST', `api/v1/claim-records/${draft.id}/pay`, { as: 'officer', body: { paidOn: '2020-01-01', reference: 'TT-1' } }),
      400,
    );
    expect(early.errors?.paidOn, JSON.stringify(early)).toEqual([`The payment date comes before the issue date (${issuedOn}).`]);
    expectProblem(await api.call('POST', `api/v1/claim-records/${draft.id}/pay`, { as: 'officer', body: { paidOn: issuedOn } }), 400);
    const paid = readAs(
      claimRecordResponseSchema,
      await api.call('POST', `api/v1/claim-records/${draft.id}/pay`, {
        as: 'officer',
        body: { paidOn: issuedOn, reference: ' TT-2026-0042 ' },
      }),
    ).data;
    expect(paid).toMatchObject({ status: 'paid', paidOn: issuedOn, paymentReference: 'TT-2026-0042', invoiceNo: issued.invoiceNo });
    expect(
      expectProblem(
        await api.call('POST', `api/v1/claim-records/${draft.id}/pay`, { as: 'officer', body: { paidOn: issuedOn, reference: 'again' } }),
        409,
      ).code,
    ).toBe('claimNotIssued');
    expect(
      readAs(
        claimRecordListResponseSchema,
        await api.call('GET', `api/v1/claim-records?status=paid&contractId=${contract.id}`, { as: 'contractor' }),
      ).data.items.map((r) => r.id),
    ).toEqual([draft.id]);
  });

  it('name on issue the officer’s organisation and the contractor as they are that day, and tell the contractor’s users', async () => {
    const { contract, month } = await scenario();
    const draft = readAs(claimRecordResponseSchema, await generate(contract.id, month)).data;
    expect(draft.parties).toBeNull();

    // An officer acting for no organisation would issue an invoice without an issuer.
    const persona = (organizationId: number | null) =>
      api.call('PATCH', `api/v1/personas/${ACCOUNT_ID.officer}`, { as: 'admin', body: { organizationId } });
    expect((await persona(null)).status).toBe(200);
    const refused = expectProblem(await api.call('POST', `api/v1/claim-records/${draft.id}/issue`, { as: 'officer' }), 409);
    expect(refused).toMatchObject({ code: 'claimNoIssuer', title: 'No issuer' });
    expect(readAs(claimRecordResponseSchema, await api.call('GET', `api/v1/claim-records/${draft.id}`, { as: 'officer' })).data).toEqual(
      draft,
    );
    expect((await persona(ORGANIZATION_ID.authority)).status).toBe(200);

    const unreadBefore = async (as: 'contractor' | 'officer') =>
      readAs(notificationListResponseSchema, await api.call('GET', 'api/v1/notifications?isRead=0', { as })).data.pagination.totalRow;
    const officerUnread = await unreadBefore('officer');
    const issued = readAs(
      claimRecordResponseSchema,
      await api.call('POST', `api/v1/claim-records/${draft.id}/issue`, { as: 'officer' }),
    ).data;
    const party = (id: number) => {
      const o = organizations.find((candidate) => candidate.id === id)!;
      return { name: o.name, registrationNo: o.registrationNo, address: o.address, email: o.email, phone: o.phone };
    };
    expect(issued.parties).toEqual({ issuer: party(ORGANIZATION_ID.authority), billTo: party(ORGANIZATION_ID.alamBersih) });

    // A later change of address changes no issued invoice.
    expect(
      (await api.call('PATCH', `api/v1/organizations/${ORGANIZATION_ID.alamBersih}`, { as: 'admin', body: { address: 'Moved away' } }))
        .status,
    ).toBe(200);
    expect(
      readAs(claimRecordResponseSchema, await api.call('GET', `api/v1/claim-records/${draft.id}`, { as: 'contractor' })).data.parties,
    ).toEqual(issued.parties);

    const notices = readAs(
      notificationListResponseSchema,
      await api.call('GET', 'api/v1/notifications?isRead=0', { as: 'contractor' }),
    ).data.items.filter((n) => n.claimRecordId === draft.id);
    expect(notices).toEqual([
      expect.objectContaining({
        title: 'Invoice issued',
        complaintId: null,
        isRead: false,
        description: expect.stringContaining(`Invoice ${issued.invoiceNo} for contract CLAIM/TEST/1`),
      }),
    ]);
    expect(notices[0]!.description).toContain('Amount: RM 62.50');
    expect(await unreadBefore('officer')).toBe(officerUnread);
  });

  it('delete only a draft, freeing its complaints for the next one', async () => {
    const { contract, month } = await scenario();
    const draft = readAs(claimRecordResponseSchema, await generate(contract.id, month)).data;
    expect((await api.call('DELETE', `api/v1/claim-records/${draft.id}`, { as: 'officer' })).status).toBe(204);
    expectProblem(await api.call('GET', `api/v1/claim-records/${draft.id}`, { as: 'officer' }), 404);
    expect(readAs(claimRecordResponseSchema, await generate(contract.id, month)).data.lineCount).toBe(2);
  });
});
