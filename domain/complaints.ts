import { DECISION_STATUS, type Decision as VerifierDecision } from '../contract/complaint-rules';
import { COMPLAINT_STATUS, type ComplaintStatusCode } from '../contract/complaint-status';
import type { ComplaintContract, ComplaintFilterOptions, ComplaintFormOptions, ComplaintInput } from '../contract/complaints';
import { allow, problems, refuse, type Decision } from './problems';
import { canMove, isEditable, isOverdue } from './complaint-states';
import { decideComplaintContract, type ContractPeriod } from './contracts';
import { reaches, type Caller } from './visibility';

/**
 * The life of a complaint (PRODUCT.md, complaint states): officers register, edit and delete
 * it while it is submitted; the contractor's users justify it; verifiers fine or waive it.
 * Each function answers the move or the problem that refuses it; the back ends load the
 * facts, ask, and store the move with its history row and notices in one transaction.
 */

/** What the rules need to know of a complaint. */
export interface ComplaintFacts {
  status: ComplaintStatusCode;
  organizationId: number;
  createdById: number;
}

/** What a notice about a complaint tells: one of its moves, or that it was withdrawn (deleted). */
export type NoticeKind = 'registered' | 'justified' | 'fined' | 'waived' | 'withdrawn';

/** One move: from, to, the text its history row keeps, and who hears of it. */
export interface Move {
  from: ComplaintStatusCode | null;
  to: ComplaintStatusCode;
  text: string;
  notice: Exclude<NoticeKind, 'withdrawn'>;
  /** Besides the contractor's own users, who always hear: the verifiers, or the complaint's creator. */
  alsoTell: 'verifiers' | 'creator' | 'nobody';
  /** What the complaint itself keeps of the move. */
  fields: { justification?: string; remark?: string | null };
}

export const registration: Move = {
  from: null,
  to: COMPLAINT_STATUS.submitted,
  text: 'Registered',
  notice: 'registered',
  alsoTell: 'nobody',
  fields: {},
};

/** Another organisation's complaint is refused, not shown. */
export function decideRead(caller: Caller, complaint: Pick<ComplaintFacts, 'organizationId'>): Decision {
  return reaches(caller, complaint.organizationId) ? allow() : refuse(problems.complaintNotYours());
}

export function decideEdit(complaint: Pick<ComplaintFacts, 'status'>): Decision {
  return isEditable(complaint.status) ? allow() : refuse(problems.complaintNotEditable('changed'));
}

export function decideDelete(complaint: Pick<ComplaintFacts, 'status'>): Decision {
  return isEditable(complaint.status) ? allow() : refuse(problems.complaintNotEditable('deleted'));
}

/** When the contractor's time to justify ends: registration plus its contract's days (null without a contract). */
export function justifyByOf(createdAt: string, justificationDays: number | null): string | null {
  return justificationDays === null ? null : new Date(Date.parse(createdAt) + justificationDays * 86_400_000).toISOString();
}

export { isOverdue } from './complaint-states';

/**
 * Only the contractor's own users justify its complaints, only while submitted (1 → 2) and
 * only until its `justifyBy`; `now` is the back end's clock.
 */
export function decideJustify(
  caller: Caller,
  complaint: ComplaintFacts & { justifyBy: string | null },
  justification: string,
  now: number,
): Decision<Move> {
  if (caller.contractorOrganizationId !== complaint.organizationId) return refuse(problems.justifyNotContractor());
  const { justified } = COMPLAINT_STATUS;
  if (!canMove(complaint.status, justified)) {
    return refuse(complaint.status === justified ? problems.complaintAlreadyJustified() : problems.complaintAlreadyDecided());
  }
  if (isOverdue(complaint, now)) return refuse(problems.justifyDeadlinePassed(complaint.justifyBy!));
  return allow({
    from: complaint.status,
    to: justified,
    text: justification,
    notice: 'justified',
    alsoTell: 'verifiers',
    fields: { justification },
  });
}

/**
 * A verifier fines or waives a complaint it may see and did not register: 1 or 2 → 3 or 4,
 * final. A remark left blank or out is kept as none.
 */
export function decideVerify(
  caller: Caller,
  complaint: ComplaintFacts,
  decision: VerifierDecision,
  asked: string | null | undefined,
): Decision<Move> {
  const remark = asked || null;
  if (!reaches(caller, complaint.organizationId)) return refuse(problems.complaintNotYours());
  if (complaint.createdById === caller.userId) return refuse(problems.verifyOwnComplaint());
  const to = DECISION_STATUS[decision];
  if (!canMove(complaint.status, to)) return refuse(problems.complaintFinal());
  const notice = decision === 'fine' ? 'fined' : 'waived';
  return allow({ from: complaint.status, to, text: remark ?? '', notice, alsoTell: 'creator', fields: { remark } });
}

/** The fields a complaint is written with, its images apart. */
export type ComplaintFields = Omit<ComplaintInput, 'attachmentFileIds'>;

/** What the back end can tell of the references a complaint names. */
export interface ReferenceLookup {
  offenceTypeIsActive: (id: number) => boolean | Promise<boolean>;
  contractOf: (contractId: number) => ContractPeriod | null | Promise<ContractPeriod | null>;
}

/**
 * The form's references must exist: an active offence type, and a contract of that contractor
 * running on the day of the misconduct (domain/contracts.ts).
 */
export async function decideReferences(
  fields: Partial<ComplaintFields>,
  current: { organizationId: number; contractId: number | null; dateOfMisconduct: string } | undefined,
  lookup: ReferenceLookup,
): Promise<Decision> {
  if (fields.typeOfOffenceId !== undefined && !(await lookup.offenceTypeIsActive(fields.typeOfOffenceId))) {
    return refuse(problems.offenceTypeNotActive());
  }
  if (fields.organizationId === undefined && fields.contractId === undefined && fields.dateOfMisconduct === undefined) return allow();
  const organizationId = fields.organizationId ?? current?.organizationId;
  const contractId = fields.contractId ?? current?.contractId;
  const day = fields.dateOfMisconduct ?? current?.dateOfMisconduct;
  if (!organizationId || !contractId || !day) return refuse(problems.contractNotOfContractor());
  return decideComplaintContract(await lookup.contractOf(contractId), organizationId, day);
}

/**
 * A complaint made offline (issue 47) cannot be made before the misconduct it tells of: on
 * registration its `madeOffline.at` is not before `dateOfMisconduct`, and a change of the date
 * keeps it so. (Its time not in the future is the contract's, like the misconduct's.)
 */
export function decideMadeOffline(
  fields: { dateOfMisconduct?: string; madeOffline?: { at: string } | null },
  current?: { dateOfMisconduct: string; madeOfflineAt: string | null },
): Decision {
  const madeAt = fields.madeOffline === undefined ? current?.madeOfflineAt : fields.madeOffline?.at;
  const misconductAt = fields.dateOfMisconduct ?? current?.dateOfMisconduct;
  if (!madeAt || !misconductAt || Date.parse(madeAt) >= Date.parse(misconductAt)) return allow();
  return refuse(fields.madeOffline ? problems.madeOfflineBeforeMisconduct() : problems.misconductAfterMadeOffline());
}

/**
 * The files a complaint may show as one kind of its images: those it shows already (kept,
 * whoever uploaded them), and the caller's own uploads that nothing else shows.
 */
export function usableFileIds(facts: {
  kept: Iterable<string>;
  ownUploads: Iterable<string>;
  usedElsewhere: ReadonlySet<string>;
}): Set<string> {
  const usable = new Set(facts.kept);
  for (const id of facts.ownUploads) if (!facts.usedElsewhere.has(id)) usable.add(id);
  return usable;
}

/** Each image once, and each one usable. */
export function decideAttachments(fileIds: readonly string[], usable: ReadonlySet<string>): Decision {
  const ok = new Set(fileIds).size === fileIds.length && fileIds.every((id) => usable.has(id));
  return ok ? allow() : refuse(problems.attachmentsNotUsable());
}

/** What a complaint offers its viewer at `now`, from the privileges the menu carries and the same rules. */
export function complaintOffers(
  caller: Caller,
  complaint: ComplaintFacts & { justifyBy: string | null },
  actions: ReadonlySet<string>,
  now: number,
): { justify: boolean; verify: boolean } {
  return {
    justify: actions.has('justify') && decideJustify(caller, complaint, '', now).ok,
    verify: actions.has('verify') && decideVerify(caller, complaint, 'fine', null).ok,
  };
}

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * What the complaint form offers: the active offence types, and the active contractors that
 * hold a contract, each with its contracts; by name and contract number, as the database sorts.
 */
/**
 * What the lists filter by: every type of offence, and the contractors (organisations with a
 * contract) within the caller's reach, each by name.
 */
export function complaintFilterOptions(
  caller: Caller,
  typeOfOffences: readonly { id: number; name: string; isActive: boolean }[],
  organizations: readonly { id: number; name: string }[],
  contracts: readonly { organizationId: number }[],
): ComplaintFilterOptions {
  return {
    typeOfOffences: typeOfOffences.map(({ id, name, isActive }) => ({ id, name, isActive })).sort((a, b) => byCodePoint(a.name, b.name)),
    organizations: organizations
      .filter((o) => reaches(caller, o.id) && contracts.some((c) => c.organizationId === o.id))
      .map(({ id, name }) => ({ id, name }))
      .sort((a, b) => byCodePoint(a.name, b.name)),
  };
}

export function complaintFormOptions(
  typeOfOffences: readonly { id: number; name: string; isActive: boolean }[],
  organizations: readonly { id: number; name: string; isActive?: boolean }[],
  contracts: readonly (ComplaintContract & { organizationId: number; startDate: string; endDate: string })[],
): ComplaintFormOptions {
  return {
    typeOfOffences: typeOfOffences
      .filter((t) => t.isActive)
      .map(({ id, name }) => ({ id, name }))
      .sort((a, b) => byCodePoint(a.name, b.name)),
    organizations: organizations
      .filter((o) => o.isActive !== false)
      .map(({ id, name }) => ({
        id,
        name,
        contracts: contracts
          .filter((c) => c.organizationId === id)
          .map(({ id, contractNo, title, startDate, endDate }) => ({ id, contractNo, title, startDate, endDate }))
          .sort((a, b) => byCodePoint(a.contractNo, b.contractNo)),
      }))
      .filter((o) => o.contracts.length > 0)
      .sort((a, b) => byCodePoint(a.name, b.name)),
  };
}
