import { complaintNotice, type ComplaintNoticeKind } from '@contract';
import { ACCOUNT_TYPE_ID, menuItems, type FixtureComplaint } from '@fixtures';
import { offenceRef, organizationRef } from './complaint-reads';
import type { MockDbState } from './db';
import { isAllowed } from './privileges';

// Who hears of a complaint's move, and what the bell says (server/repositories/complaint-writes.ts).

/** Active users of a contractor organisation. */
function contractorUserIds(db: Readonly<MockDbState>, organizationId: number): number[] {
  return db.accounts
    .filter(
      (account) =>
        account.status === 'active' &&
        account.userProfile.typeId === ACCOUNT_TYPE_ID.contractor &&
        account.userProfile.organizationId === organizationId,
    )
    .map((account) => account.id)
    .sort((a, b) => a - b);
}

/** Active users whose user type may verify complaints (the matrix decides, not a role name). */
export function verifierUserIds(db: Readonly<MockDbState>): number[] {
  return db.accounts
    .filter(
      (account) =>
        account.status === 'active' &&
        isAllowed(db, account, [menuItems.justifyComplaint], 'verify'),
    )
    .map((account) => account.id)
    .sort((a, b) => a - b);
}

function notifyUsers(
  db: MockDbState,
  recipientIds: number[],
  notice: { title: string; description: string; complaintId: number },
): void {
  const createdAt = new Date().toISOString();
  for (const recipientId of new Set(recipientIds)) {
    db.notifications.push({
      id: (db.sequences.notification += 1),
      recipientId,
      ...notice,
      isRead: false,
      createdAt,
    });
  }
}

/**
 * The notices of one move: the contractor's active users, in the second person, and `others`
 * (the verifiers, the creator) in the third.
 */
export function tell(
  db: MockDbState,
  kind: ComplaintNoticeKind,
  complaint: FixtureComplaint,
  { others = [], remark = null }: { others?: number[]; remark?: string | null } = {},
): void {
  const contractor = contractorUserIds(db, complaint.organizationId);
  const facts = {
    refNo: complaint.refNo,
    offence: offenceRef(db, complaint.typeOfOffence.id)?.name ?? complaint.typeOfOffence.name,
    organization: organizationRef(complaint.organizationId).name,
    location: complaint.location,
    remark,
  };
  const notice = (toContractor: boolean) => ({
    ...complaintNotice(kind, { ...facts, toContractor }),
    complaintId: complaint.id,
  });
  notifyUsers(db, contractor, notice(true));
  notifyUsers(
    db,
    others.filter((id) => !contractor.includes(id)),
    notice(false),
  );
}
