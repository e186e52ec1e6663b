import type { ComplaintStatusCode } from './complaint-status';

/**
 * The complaint rules of PRODUCT.md without zod, for the server, the mocks and the SPA alike.
 * Allowed moves: 1→2, 1→3, 1→4, 2→3, 2→4; 3 and 4 are final; edit and delete only in 1.
 */
export const COMPLAINT_MOVES: Readonly<Record<ComplaintStatusCode, readonly ComplaintStatusCode[]>> = {
  1: [2, 3, 4],
  2: [3, 4],
  3: [],
  4: [],
};

export const canMove = (from: ComplaintStatusCode, to: ComplaintStatusCode) => COMPLAINT_MOVES[from].includes(to);
export const isEditable = (status: ComplaintStatusCode) => status === 1;
export const isFinal = (status: ComplaintStatusCode) => COMPLAINT_MOVES[status].length === 0;

export const COMPLAINT_TEXT_MAX = 2000;
export const COMPLAINT_SHORT_TEXT_MAX = 200;
export const REMARK_MAX = 1000;
export const QTY_MAX = 1_000_000;
export const MAX_ATTACHMENTS = 10;
/** Clocks differ a little; a misconduct time this far ahead still counts as "now". */
export const FUTURE_SKEW_MS = 5 * 60_000;

/** Verifier decisions and the status each leads to. */
export const DECISION_STATUS = { fine: 3, waive: 4 } as const;
export type Decision = keyof typeof DECISION_STATUS;

export type ComplaintNoticeKind = 'registered' | 'justified' | 'fined' | 'waived';

export interface ComplaintNoticeFacts {
  refNo: string;
  offence: string;
  organization: string;
  location: string;
  remark: string | null;
  /** The contractor's own users are told in the second person. */
  toContractor: boolean;
}

/** What the bell says for each move: the same words from the server and the mocks. */
export function complaintNotice(kind: ComplaintNoticeKind, f: ComplaintNoticeFacts): { title: string; description: string } {
  const remarkLine = f.remark ? `\nRemark: ${f.remark}` : '';
  switch (kind) {
    case 'registered':
      return {
        title: 'New complaint registered',
        description: f.toContractor
          ? `Complaint ${f.refNo} (${f.offence}) was registered against your organisation.\nLocation: ${f.location}\nPlease justify it if you disagree.`
          : `Complaint ${f.refNo} (${f.offence}) was registered against ${f.organization}.`,
      };
    case 'justified':
      return {
        title: 'Complaint justified',
        description: f.toContractor
          ? `Your justification for ${f.refNo} was received and is waiting for verification.`
          : `${f.organization} justified complaint ${f.refNo}.\nIt is waiting for verification.`,
      };
    case 'fined':
      return { title: 'Complaint fined', description: `Complaint ${f.refNo} was verified and fined.${remarkLine}` };
    case 'waived':
      return { title: 'Complaint waived', description: `Complaint ${f.refNo} was verified and waived.${remarkLine}` };
  }
}

/** `CMP-2026-000123`: the year it was registered and its number, readable and unique. */
export const complaintRefNo = (year: number, id: number) => `CMP-${year}-${String(id).padStart(6, '0')}`;
