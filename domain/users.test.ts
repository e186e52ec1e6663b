import { describe, expect, it } from 'vitest';
import { decideUserChange } from './users';
import { callerOf } from './visibility';

// The last-administrator rule cannot be reached through the API with the seeded matrix (only
// administrators may change users, and nobody may change themself); the rule itself is here.
const caller = callerOf({ userId: 9, accountTypeCode: 'administrator', organizationId: null });
const admin = { id: 1, status: 'active' as const, isAdministrator: true };

describe('decideUserChange', () => {
  it('refuses to disable or demote the last active administrator', () => {
    expect(decideUserChange(caller, { target: admin, status: 'disabled', otherActiveAdministrators: 0 })).toMatchObject({ ok: false, problem: { problem: { code: 'lastAdministrator' } } });
    expect(decideUserChange(caller, { target: admin, becomesAdministrator: false, otherActiveAdministrators: 0 })).toMatchObject({ ok: false, problem: { problem: { code: 'lastAdministrator' } } });
  });

  it('allows it while another administrator is active, and any change that keeps them one', () => {
    expect(decideUserChange(caller, { target: admin, status: 'disabled', otherActiveAdministrators: 1 }).ok).toBe(true);
    expect(decideUserChange(caller, { target: admin, becomesAdministrator: true, otherActiveAdministrators: 0 }).ok).toBe(true);
    expect(decideUserChange(caller, { target: { ...admin, status: 'disabled' }, status: 'disabled', otherActiveAdministrators: 0 }).ok).toBe(true);
  });
});
