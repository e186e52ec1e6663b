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
  complaintId: number;
}

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
  }
}

/**
 * The notices of one move: the contractor's active users in the second person, then the
 * others (verifiers or the creator) in the third; each recipient once.
 */
export function complaintNotices(
  kind: NoticeKind,
  facts: NoticeFacts,
  recipients: { contractorUserIds: readonly number[]; otherUserIds: readonly number[] },
): Notice[] {
  const contractor = [...new Set(recipients.contractorUserIds)];
  const others = [...new Set(recipients.otherUserIds)].filter((id) => !contractor.includes(id));
  const notice =
    (toContractor: boolean) =>
    (recipientId: number): Notice => ({
      recipientId,
      ...noticeText(kind, facts, toContractor),
      complaintId: facts.complaintId,
    });
  return [...contractor.map(notice(true)), ...others.map(notice(false))];
}

/** Who hears of a move besides the contractor's users: the verifiers, its creator, or nobody. */
export function otherRecipients<V>(move: Pick<Move, 'alsoTell'>, complaint: { createdById: number }, verifiers: () => V): V | number[] {
  if (move.alsoTell === 'verifiers') return verifiers();
  return move.alsoTell === 'creator' ? [complaint.createdById] : [];
}

/** What a move's notices say of its complaint, offence type and contractor by name. */
export const noticeFactsOf = (
  complaint: { id: number; refNo: string; location: string },
  names: { offence: string; organization: string },
  move: Pick<Move, 'fields'>,
): NoticeFacts => ({
  complaintId: complaint.id,
  refNo: complaint.refNo,
  ...names,
  location: complaint.location,
  remark: move.fields.remark ?? null,
});

/** Whether a notice also goes by e-mail: to an active user whose profile asks for notices so. */
export const wantsNoticeMail = (user: { status: string; preferences: { mailNotices: boolean } }) =>
  user.status === 'active' && user.preferences.mailNotices;
