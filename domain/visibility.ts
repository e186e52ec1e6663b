/**
 * Who may see what. A contractor's users act for their own organisation only; authority
 * staff and administrators are not scoped to one.
 */
export interface Caller {
  userId: number;
  /** Set for a contractor's user: the only organisation whose records it may see. */
  contractorOrganizationId: number | null;
}

/** The account type (`/manage-user/type`) whose users belong to a contractor. */
export const CONTRACTOR_ACCOUNT_TYPE = 'contractor';

/** No organisation has this id: the scope of a contractor's user linked to none, which reaches nothing. */
export const NO_ORGANIZATION = 0;

export function callerOf(account: { userId: number; accountTypeCode: string; organizationId: number | null }): Caller {
  return {
    userId: account.userId,
    // A contractor's user of no organisation is scoped to none, never to all.
    contractorOrganizationId: account.accountTypeCode === CONTRACTOR_ACCOUNT_TYPE ? (account.organizationId ?? NO_ORGANIZATION) : null,
  };
}

/** Whether the caller's scope reaches a record of this organisation. */
export function reaches(caller: Caller, organizationId: number): boolean {
  return caller.contractorOrganizationId === null || caller.contractorOrganizationId === organizationId;
}
