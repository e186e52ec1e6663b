import { COMPLAINT_STATUS, type ComplaintStatusCode } from '../contract/complaint-status';

/**
 * The states of a complaint and the moves between them, apart from the decisions that use
 * them, so the SPA can ask what a complaint offers without the problem catalogue.
 */

/** Allowed moves: 1→2, 1→3, 1→4, 2→3, 2→4; 3 and 4 are final; edit and delete only in 1. */
export const COMPLAINT_MOVES: Readonly<Record<ComplaintStatusCode, readonly ComplaintStatusCode[]>> = {
  1: [2, 3, 4],
  2: [3, 4],
  3: [],
  4: [],
};

/** Open complaints are the ones a contractor or verifier can still act on. */
export const OPEN_STATUSES: readonly ComplaintStatusCode[] = [COMPLAINT_STATUS.submitted, COMPLAINT_STATUS.justified];

/** Decided complaints, fined or waived: the final states, which show the verifier's remark. */
export const DECIDED_STATUSES: readonly ComplaintStatusCode[] = [COMPLAINT_STATUS.fined, COMPLAINT_STATUS.waived];

export const canMove = (from: ComplaintStatusCode, to: ComplaintStatusCode) => COMPLAINT_MOVES[from].includes(to);
export const isEditable = (status: ComplaintStatusCode) => status === COMPLAINT_STATUS.submitted;
export const isFinal = (status: ComplaintStatusCode) => COMPLAINT_MOVES[status].length === 0;

/** Whether a complaint waits for its contractor's justification: its `justifyBy` matters only then. */
export const awaitsJustification = (complaint: { status: ComplaintStatusCode }) => complaint.status === COMPLAINT_STATUS.submitted;

/** Whether a submitted complaint's time to justify has ended at `now` (ms): the verifier then decides alone. */
export const isOverdue = (complaint: { status: ComplaintStatusCode; justifyBy: string | null }, now: number) =>
  awaitsJustification(complaint) && complaint.justifyBy !== null && now > Date.parse(complaint.justifyBy);
