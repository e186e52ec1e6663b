import type { MenuItem } from '@contract';
import {
  ACCOUNT_TYPE_ID,
  menuItemKey,
  type FixtureAccount,
  type PrivilegeActions,
} from '@fixtures';
import { mockDb, type MockDbState } from './db';
import { problem } from './problem';
import { requireSession, type Session } from './session';

export type Action = 'view' | 'create' | 'update' | 'delete' | 'justify' | 'verify';

const actionColumn: Record<Exclude<Action, 'view'>, keyof PrivilegeActions> = {
  create: 'canCreate',
  update: 'canUpdate',
  delete: 'canDelete',
  justify: 'canJustify',
  verify: 'canVerify',
};

/**
 * Whether the matrix lets this account's user type do `action` on any of these items. As on
 * the server, a user type has a matrix row only for the items of its menu, and a row holds
 * the `'*'` actions overridden by the item's own.
 */
export function isAllowed(
  db: Readonly<MockDbState>,
  account: FixtureAccount,
  items: readonly MenuItem[],
  action: Action,
): boolean {
  const menu = new Set(
    db.menusByUserType[account.userTypeKey].flatMap((group) =>
      group.menuItems.map((item) => item.url),
    ),
  );
  const actions = db.actionsByUserType[account.userTypeKey];
  return items.some((item) => {
    if (!menu.has(item.url)) return false;
    if (action === 'view') return true;
    const row = { ...actions['*'], ...actions[menuItemKey(item)] };
    return row[actionColumn[action]] === true;
  });
}

/** The caller, if signed in (else 401) and allowed by the matrix (else 403), thrown as the answer. */
export function requirePrivilege(
  request: Request,
  items: readonly MenuItem[],
  action: Action,
): Session {
  const session = requireSession(request);
  if (!isAllowed(mockDb(), session.account, items, action)) throw forbidden();
  return session;
}

export const forbidden = (detail = 'Your privileges do not allow this.') =>
  problem(403, 'Forbidden', detail);

/** A contractor's users act for their organisation only; authority staff are not scoped. */
export function contractorOrganizationOf(account: FixtureAccount): number | null {
  return account.userProfile.typeId === ACCOUNT_TYPE_ID.contractor
    ? account.userProfile.organizationId
    : null;
}

/** Whether the account's scope reaches a record of this organisation. */
export function reaches(account: FixtureAccount, organizationId: number): boolean {
  const scope = contractorOrganizationOf(account);
  return scope === null || scope === organizationId;
}
