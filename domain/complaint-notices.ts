import type { Move, NoticeKind } from './complaints';

/** What a notice about a complaint says of it. */
export interface NoticeFacts {
  complaintId: number;
  refNo: string;
  offence: string;
  organization: string;
  location: string;
  remark: string | null;
}

export interface Notice {
  recipientId: number;
  title: string;
  description: string;
  /** The complaint it opens; none once the complaint is withdrawn. */
  complaintId: number | null;
  /** Set once its complaint is withdrawn (deleted): which one that was, as nothing else says it. */
  withdrawnComplaintRefNo: string | null;
}

/** Nobody is told of their own act: a move's recipients, each once, without whoever made it. */
export const noticeRecipients = (userIds: readonly number[], actorId: number): number[] =>
  [...new Set(userIds)].filter((id) => id !== actorId);

/** What the bell says for each move; the contractor's own users are told in the second person. */
export function noticeText(
  kind: NoticeKind,
  f: Omit<NoticeFacts, 'complaintId'>,
  toContractor: boolean,
): { title: string; description: string } {
  const remarkLine = f.remark ? `\nRemark: ${f.remark}` : '';
  switch (kind) {
    case 'registered':
      return {
        title: 'New complaint registered',
        description: toContractor
          ? `Complaint ${f.refNo} (${f.offence}) was registered against your organisation.\nLocation: ${f.location}\nPlease justify it if you disagree.`
          : `Complaint ${f.refNo} (${f.offence}) was registered against ${f.organization}.`,
      };
    case 'justified':
      return {
        title: 'Complaint justified',
        description: toContractor
          ? `Your justification for ${f.refNo} was received and is waiting for verification.`
          : `${f.organization} justified complaint ${f.refNo}.\nIt is waiting for verification.`,
      };
    case 'fined':
      return { title: 'Complaint fined', description: `Complaint ${f.refNo} was verified and fined.${remarkLine}` };
    case 'waived':
      return { title: 'Complaint waived', description: `Complaint ${f.refNo} was verified and waived.${remarkLine}` };
    case 'withdrawn':
      return {
        title: `Complaint ${f.refNo} withdrawn`,
        description: toContractor
          ? `Complaint ${f.refNo} (${f.offence}) against your organisation was withdrawn and deleted.\nThere is nothing more to justify.`
          : `Complaint ${f.refNo} (${f.offence}) against ${f.organization} was withdrawn and deleted.`,
      };
  }
}

/**
 * The notices of one move: the contractor's active users in the second person, then the
 * others (verifiers or the creator) in the third; each recipient once, and never the actor.
 */
export function complaintNotices(
  kind: NoticeKind,
  facts: NoticeFacts,
  recipients: { contractorUserIds: readonly number[]; otherUserIds: readonly number[] },
  actorId: number,
): Notice[] {
  const contractor = noticeRecipients(recipients.contractorUserIds, actorId);
  const others = noticeRecipients(recipients.otherUserIds, actorId).filter((id) => !recipients.contractorUserIds.includes(id));
  const withdrawn = kind === 'withdrawn';
  const notice =
    (toContractor: boolean) =>
    (recipientId: number): Notice => ({
      recipientId,
      ...noticeText(kind, facts, toContractor),
      complaintId: withdrawn ? null : facts.complaintId,
      withdrawnComplaintRefNo: withdrawn ? facts.refNo : null,
    });
  return [...contractor.map(notice(true)), ...others.map(notice(false))];
}

/**
 * Withdrawing (deleting) a submitted complaint tells everyone who still holds a notice of it,
 * but the user who withdrew it: the contractor's users in the second person, others in the third.
 */
export const withdrawalNotices = (
  facts: NoticeFacts,
  told: { notifiedUserIds: readonly number[]; contractorUserIds: readonly number[] },
  actorId: number,
): Notice[] =>
  complaintNotices(
    'withdrawn',
    facts,
    {
      contractorUserIds: told.notifiedUserIds.filter((id) => told.contractorUserIds.includes(id)),
      otherUserIds: told.notifiedUserIds,
    },
    actorId,
  );

/** Who hears of a move besides the contractor's users: the verifiers, its creator, or nobody. */
export function otherRecipients<V>(move: Pick<Move, 'alsoTell'>, complaint: { createdById: number }, verifiers: () => V): V | number[] {
  if (move.alsoTell === 'verifiers') return verifiers();
  return move.alsoTell === 'creator' ? [complaint.createdById] : [];
}

/** What a move's notices (or, without a move, a withdrawal's) say of its complaint, offence type and contractor by name. */
export const noticeFactsOf = (
  complaint: { id: number; refNo: string; location: string },
  names: { offence: string; organization: string },
  move?: Pick<Move, 'fields'>,
): NoticeFacts => ({
  complaintId: complaint.id,
  refNo: complaint.refNo,
  ...names,
  location: complaint.location,
  remark: move?.fields.remark ?? null,
});

/** Whether a notice also goes by e-mail: to an active user whose profile asks for notices so. */
export const wantsNoticeMail = (user: { status: string; preferences: { mailNotices: boolean } }) =>
  user.status === 'active' && user.preferences.mailNotices;
