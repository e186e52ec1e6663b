import { COMPLAINT_STATUS, type ComplaintStatusCode } from '../contract/complaint-status';
import type { ComplaintFilter } from '../contract/complaints';
import { OPEN_STATUSES } from './complaint-states';
import { isOverdue } from './complaints';
import { findingsMask } from './evidence';
import { problems } from './problems';

/** A complaint list's filters, decided: what both back ends select by. */
export interface ComplaintSelection {
  /** The statuses shown: the asked ones, within the open ones unless `history`. */
  statuses: readonly ComplaintStatusCode[];
  typeOfOffenceId?: number;
  organizationId?: number;
  /** Misconduct at or after this instant (ms since the epoch). */
  from?: number;
  /** Misconduct before this instant (ms since the epoch). */
  to?: number;
  /** Only complaints whose time to justify ended before this instant (ms): the overdue ones. */
  overdueAt?: number;
  /** Only complaints whose time to justify has not ended at this instant (ms): awaiting justification. */
  inTimeAt?: number;
  /** Only these complaints (the ones ticked on a list). */
  ids?: readonly number[];
  /** Only complaints whose finding flags share a bit with this mask (domain/evidence.ts `findingsMask`). */
  findingsMask?: number;
}

const ALL_STATUSES: readonly ComplaintStatusCode[] = Object.values(COMPLAINT_STATUS);

/**
 * The selection a list query asks for. Statuses outside the list's own (a closed status on an
 * open list) select nothing rather than widen it; a period that ends before it starts is refused.
 */
export function complaintSelection(
  filter: ComplaintFilter,
  history: boolean,
  now: number,
  /** The caller's own organisation when it is a contractor's user: its "with findings" leaves other organisations' duplicates out. */
  contractorOrganizationId: number | null = null,
): ComplaintSelection {
  // `overdue=true`: past its time to justify; `overdue=false`: still within it. Either way only a
  // submitted complaint has such a time.
  const overdue = filter.overdue === 'true';
  const inTime = filter.overdue === 'false';
  const within = (history ? ALL_STATUSES : OPEN_STATUSES).filter((s) => !(overdue || inTime) || s === COMPLAINT_STATUS.submitted);
  const asked = filter.status?.split(',').map((s) => Number(s) as ComplaintStatusCode);
  const from = filter.from === undefined ? undefined : Date.parse(filter.from);
  const to = filter.to === undefined ? undefined : Date.parse(filter.to);
  if (from !== undefined && to !== undefined && to < from) throw problems.periodReversed();
  return {
    statuses: asked ? within.filter((s) => asked.includes(s)) : within,
    ...(filter.typeOfOffenceId === undefined ? {} : { typeOfOffenceId: Number(filter.typeOfOffenceId) }),
    ...(filter.organizationId === undefined ? {} : { organizationId: Number(filter.organizationId) }),
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
    ...(overdue ? { overdueAt: now } : {}),
    ...(inTime ? { inTimeAt: now } : {}),
    ...(filter.ids === undefined ? {} : { ids: [...new Set(filter.ids.split(',').map(Number))] }),
    ...(filter.findings === 'true' ? { findingsMask: findingsMask(contractorOrganizationId) } : {}),
  };
}

/** Whether a stored complaint is selected, for stores that filter in memory. */
export function isSelected(
  selection: ComplaintSelection,
  c: {
    id: number;
    status: ComplaintStatusCode;
    typeOfOffenceId: number;
    organizationId: number;
    dateOfMisconduct: string;
    justifyBy: string | null;
    /** Its finding flags; asked only when the selection filters by them. */
    evidenceFlags?: () => number;
  },
): boolean {
  const at = Date.parse(c.dateOfMisconduct);
  return (
    selection.statuses.includes(c.status) &&
    (selection.typeOfOffenceId === undefined || c.typeOfOffenceId === selection.typeOfOffenceId) &&
    (selection.organizationId === undefined || c.organizationId === selection.organizationId) &&
    (selection.from === undefined || at >= selection.from) &&
    (selection.to === undefined || at < selection.to) &&
    (selection.overdueAt === undefined || isOverdue(c, selection.overdueAt)) &&
    (selection.inTimeAt === undefined || !isOverdue(c, selection.inTimeAt)) &&
    (selection.ids === undefined || selection.ids.includes(c.id)) &&
    (selection.findingsMask === undefined || ((c.evidenceFlags?.() ?? 0) & selection.findingsMask) !== 0)
  );
}
