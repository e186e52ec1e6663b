import { describe, expect, it } from 'vitest';
import {
  authorityMonth,
  claimableIn,
  claimIssuedNotices,
  claimVisibleTo,
  decideClaimChange,
  decideIssue,
  decidePayment,
  invoiceNoOf,
  issueDates,
  monthRange,
  priceClaim,
  repeatCountOf,
  type FinedComplaint,
} from './claims';

const litter = { id: 1, name: 'Littering' };
const bins = { id: 2, name: 'Damaged bin not replaced' };
const fine = (id: number, finedAt: string, qty: number, typeOfOffence = litter, contractId = 1): FinedComplaint => ({
  id,
  refNo: `CMP-2026-${String(id).padStart(6, '0')}`,
  contractId,
  typeOfOffence,
  dateOfMisconduct: finedAt,
  qty,
  finedAt,
});

// Hand-checked with the escalation formula: if(repeatCount >= 3, 2, 1) × rate × max(qty, 1).
const contract = {
  contractNo: 'MPSK/KON/2026/001',
  value: '4800000.00',
  rates: [{ typeOfOffenceId: 1, rate: '150.00' }],
  expression: 'if(repeatCount >= 3, 2, 1) * rate * max(qty, 1)',
};
const old = fine(90, '2025-02-01T10:00:00+08:00', 1);
const lastDecember = fine(91, '2025-12-01T10:00:00+08:00', 1);
const march = [
  fine(1, '2026-03-05T09:00:00+08:00', 2), // repeat 1 (December): 1 × 150 × 2 = 300.00
  fine(2, '2026-03-10T09:00:00+08:00', 0), // repeat 2: 1 × 150 × max(0, 1) = 150.00
  fine(3, '2026-03-15T09:00:00+08:00', 1), // repeat 3: 2 × 150 × 1 = 300.00
  fine(4, '2026-03-20T09:00:00+08:00', 1), // repeat 4: 2 × 150 × 1 = 300.00
  fine(5, '2026-03-31T23:30:00+08:00', 3, bins), // March in Kuala Lumpur; repeat 0; the default 60.00: 1 × 60 × 3 = 180.00
];
const april = fine(6, '2026-04-01T00:10:00+08:00', 1);
const fines = [old, lastDecember, ...march, april];

describe('claim records', () => {
  it('count repeats over the 12 months before each fine, same offence and contract only', () => {
    expect(march.map((f) => repeatCountOf(f, fines))).toEqual([1, 2, 3, 4, 0]);
    expect(repeatCountOf(fine(7, '2026-03-20T09:00:00+08:00', 1, litter, 2), fines)).toBe(0);
    // At the same instant, the lower id came first.
    const twin = fine(8, march[3]!.finedAt, 1);
    expect(repeatCountOf(twin, [...fines, twin])).toBe(5);
  });

  it('take the month’s fines in Malaysian time that no other record holds', () => {
    expect(authorityMonth('2026-03-31T16:30:00Z')).toBe('2026-04');
    expect(monthRange('2026-03')).toEqual({ from: '2026-02-28T16:00:00.000Z', to: '2026-03-31T16:00:00.000Z' });
    expect(claimableIn('2026-03', fines, new Set()).map((f) => f.id)).toEqual([1, 2, 3, 4, 5]);
    expect(claimableIn('2026-03', fines, new Set([2, 4])).map((f) => f.id)).toEqual([1, 3, 5]);
  });

  it('price each line from the contract’s formula and rates, a snapshot of what it was computed from', () => {
    const priced = priceClaim(contract, '2026-03', claimableIn('2026-03', fines, new Set()), fines, () => '60.00');
    if (!priced.ok) throw priced.problem;
    expect(priced.value.lines.map((l) => [l.refNo, l.rate, l.repeatCount, l.amount])).toEqual([
      ['CMP-2026-000001', '150.00', 1, '300.00'],
      ['CMP-2026-000002', '150.00', 2, '150.00'],
      ['CMP-2026-000003', '150.00', 3, '300.00'],
      ['CMP-2026-000004', '150.00', 4, '300.00'],
      ['CMP-2026-000005', '60.00', 0, '180.00'],
    ]);
    expect(priced.value.lines[0]).toMatchObject({ expression: contract.expression, qty: 2, typeOfOffence: litter });
    expect(priced.value.total).toBe('1230.00');
  });

  it('add rounded lines: the total is the sum of what each line shows', () => {
    const thirds = { ...contract, expression: 'rate / 3', rates: [{ typeOfOffenceId: 1, rate: '100.00' }] };
    const priced = priceClaim(thirds, '2026-03', march.slice(0, 3), fines, () => '0.00');
    if (!priced.ok) throw priced.problem;
    expect(priced.value.lines.map((l) => l.amount)).toEqual(['33.33', '33.33', '33.33']);
    expect(priced.value.total).toBe('99.99');
  });

  it('refuse what cannot be priced, saying why', () => {
    const refusal = (result: ReturnType<typeof priceClaim>) => (result.ok ? null : result.problem.problem);
    expect(refusal(priceClaim({ ...contract, expression: null }, '2026-03', march, fines, () => '0'))?.detail).toBe(
      'Contract MPSK/KON/2026/001 has no penalty formula; choose one first.',
    );
    expect(refusal(priceClaim(contract, '2026-05', [], fines, () => '0'))?.detail).toBe(
      'No fined complaint of contract MPSK/KON/2026/001 in 2026-05 is left to claim.',
    );
    const byQty = { ...contract, expression: 'rate / qty' };
    expect(refusal(priceClaim(byQty, '2026-03', [march[1]!], fines, () => '0'))?.detail).toBe(
      'The formula cannot price CMP-2026-000002: it divides by zero for this complaint’s values.',
    );
  });

  it('change only as a draft; are paid only once issued, on or after the issue date', () => {
    for (const action of ['refresh', 'delete', 'issue'] as const) {
      expect(decideClaimChange({ status: 'draft' }, action).ok).toBe(true);
      expect(decideClaimChange({ status: 'issued' }, action).ok).toBe(false);
      expect(decideClaimChange({ status: 'paid' }, action).ok).toBe(false);
    }
    expect(decideClaimChange({ status: 'issued' }, 'pay').ok).toBe(true);
    expect(decideClaimChange({ status: 'draft' }, 'pay').ok).toBe(false);
    expect(decideClaimChange({ status: 'paid' }, 'pay').ok).toBe(false);
    expect(decidePayment('2026-04-02', '2026-04-01').ok).toBe(false);
    expect(decidePayment('2026-04-02', '2026-04-02').ok).toBe(true);
  });

  it('number invoices by year and date them by the Malaysian calendar, due 30 days later', () => {
    expect(invoiceNoOf('2026-04-02', 17)).toBe('INV-2026-000017');
    expect(issueDates(Date.parse('2026-12-31T16:30:00Z'))).toEqual({ issuedOn: '2027-01-01', dueOn: '2027-01-31' });
    expect(issueDates(Date.parse('2026-02-10T03:00:00Z'))).toEqual({ issuedOn: '2026-02-10', dueOn: '2026-03-12' });
  });

  it('show contractors their own organisation’s issued and paid records only', () => {
    const contractor = { userId: 4, contractorOrganizationId: 2 };
    const staff = { userId: 2, contractorOrganizationId: null };
    expect(claimVisibleTo(contractor, { organizationId: 2, status: 'issued' })).toBe(true);
    expect(claimVisibleTo(contractor, { organizationId: 2, status: 'paid' })).toBe(true);
    expect(claimVisibleTo(contractor, { organizationId: 2, status: 'draft' })).toBe(false);
    expect(claimVisibleTo(contractor, { organizationId: 3, status: 'issued' })).toBe(false);
    expect(claimVisibleTo(staff, { organizationId: 3, status: 'draft' })).toBe(true);
  });

  it('are issued only by an officer of an organisation, which the invoice names as its issuer', () => {
    const authority = { name: 'Majlis', registrationNo: 'PBT-1', address: 'Jalan 1', email: null, phone: null };
    expect(decideIssue({ status: 'draft' }, authority).ok).toBe(true);
    const none = decideIssue({ status: 'draft' }, null);
    expect(none.ok || none.problem.status).toBe(409);
    expect(none.ok || none.problem.problem.title).toBe('No issuer');
    const issued = decideIssue({ status: 'issued' }, authority);
    expect(issued.ok || issued.problem.problem.title).toBe('Claim record issued');
  });

  it('tell each of the contractor’s users once of an issued invoice, never its issuer: its number, month, amount and due date', () => {
    const notices = claimIssuedNotices(
      {
        id: 9,
        invoiceNo: 'INV-2026-000017',
        contract: { contractNo: 'MPSK/KON/2026/001' },
        month: '2026-03',
        total: '1234567.50',
        dueOn: '2026-05-02',
      },
      [4, 7, 4, 2],
      2,
    );
    expect(notices.map((n) => n.recipientId)).toEqual([4, 7]);
    expect(notices[0]).toEqual({
      recipientId: 4,
      title: 'Invoice issued',
      description:
        'Invoice INV-2026-000017 for contract MPSK/KON/2026/001, March 2026, was issued to your organisation.\nAmount: RM 1,234,567.50\nDue on: 2026-05-02',
      claimRecordId: 9,
    });
  });
});
