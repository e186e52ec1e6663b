import type { ComplaintInput } from '../../contract/complaints';
import { ORGANIZATION_ID } from '../../fixtures';

/** A complaint the officer may register now against Alam Bersih's contract, as the form sends it. */
export function newComplaint(overrides: Partial<ComplaintInput> = {}): ComplaintInput {
  return {
    typeOfOffenceId: 2,
    dateOfMisconduct: new Date(Date.now() - 3_600_000).toISOString(),
    description: 'Construction debris dumped beside the Jalan Ipoh drain.',
    organizationId: ORGANIZATION_ID.alamBersih,
    contractId: 1,
    offender: 'Lorry WXY 1234',
    location: 'Jalan Ipoh, Sentul',
    qty: 3,
    ...overrides,
  };
}
