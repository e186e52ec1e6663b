import type { NoticeKind } from './complaints';

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
export function noticeText(kind: NoticeKind, f: Omit<NoticeFacts, 'complaintId'>, toContractor: boolean): { title: string; description: string } {
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
  const notice = (toContractor: boolean) => (recipientId: number): Notice => ({
    recipientId,
    ...noticeText(kind, facts, toContractor),
    complaintId: facts.complaintId,
  });
  return [...contractor.map(notice(true)), ...others.map(notice(false))];
}
