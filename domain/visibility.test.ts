import { describe, expect, it } from 'vitest';
import { callerOf, CONTRACTOR_ACCOUNT_TYPE, reaches } from './visibility';

describe('callerOf', () => {
  it('scopes a contractor’s user to its organisation, and one of no organisation to none', () => {
    const own = callerOf({ userId: 5, accountTypeCode: CONTRACTOR_ACCOUNT_TYPE, organizationId: 2 });
    expect([reaches(own, 2), reaches(own, 3)]).toEqual([true, false]);
    const none = callerOf({ userId: 6, accountTypeCode: CONTRACTOR_ACCOUNT_TYPE, organizationId: null });
    expect([2, 3, 4].map((id) => reaches(none, id))).toEqual([false, false, false]);
    expect(none.contractorOrganizationId).not.toBeNull();
  });

  it('leaves authority staff unscoped, with or without an organisation', () => {
    for (const organizationId of [1, null])
      expect(callerOf({ userId: 2, accountTypeCode: 'authority', organizationId }).contractorOrganizationId).toBeNull();
  });
});
