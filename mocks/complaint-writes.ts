import {
  COMPLAINT_STATUS_TEXT,
  complaintRefNo,
  type ComplaintInput,
  type ComplaintStatus,
} from '@contract';
import { contractRef, contracts, type FixtureAccount, type FixtureComplaint } from '@fixtures';
import { offenceRef, organizationRef } from './complaint-reads';
import type { MockDbState } from './db';
import { invalidFields } from './request-validation';

// The complaint writes of server/repositories/complaint-writes.ts, on the mock state. Every
// check runs before the first change, so a refused call leaves the state as it was.

export type ComplaintFields = Omit<ComplaintInput, 'attachmentFileIds'>;
type AttachmentKind = 'complaintAttachments' | 'justificationAttachments';

const invalidField = (field: string, message: string) =>
  invalidFields({ [field]: [message] }, message);

/** The form's references must exist: an active offence type, a contract of that contractor. */
export function checkReferences(
  db: Readonly<MockDbState>,
  fields: Partial<ComplaintFields>,
  current?: { organizationId: number; contractId: number | null },
): void {
  if (
    fields.typeOfOffenceId !== undefined &&
    !db.typeOfOffences.some((t) => t.id === fields.typeOfOffenceId && t.isActive)
  ) {
    throw invalidField('typeOfOffenceId', 'Select an active type of offence.');
  }
  if (fields.organizationId === undefined && fields.contractId === undefined) return;
  const organizationId = fields.organizationId ?? current?.organizationId;
  const contractId = fields.contractId ?? current?.contractId;
  if (
    !contracts.some(
      (contract) => contract.id === contractId && contract.organizationId === organizationId,
    )
  ) {
    throw invalidField('contractId', 'Select a contract of the chosen contractor.');
  }
}

/** Uploads that an attachment (but those of `exceptComplaintId`) or an avatar shows. */
function fileIdsInUse(db: Readonly<MockDbState>, exceptComplaintId?: number): Set<string> {
  const attached = db.complaints
    .filter((complaint) => complaint.id !== exceptComplaintId)
    .flatMap((complaint) => [
      ...complaint.complaintAttachments,
      ...complaint.justificationAttachments,
    ])
    .map((attachment) => attachment.fileId);
  // me.ts keeps an avatar as the file's address, so that is how an avatar names its file.
  const avatars = new Set(db.accounts.map((account) => account.image));
  const avatarFiles = db.files.filter((file) => avatars.has(file.url)).map((file) => file.id);
  return new Set([...attached, ...avatarFiles]);
}

/**
 * Each once: the images of that kind the complaint already shows (kept), or the caller's own
 * uploads that nothing else shows; else 400 on the field.
 */
export function checkFiles(
  db: Readonly<MockDbState>,
  callerId: number,
  fileIds: string[],
  current?: { complaint: FixtureComplaint; kind: AttachmentKind },
): void {
  const inUse = fileIdsInUse(db, current?.complaint.id);
  const kept = new Set(current?.complaint[current.kind].map((attachment) => attachment.fileId));
  const usable = (id: string) =>
    kept.has(id) ||
    (!inUse.has(id) && db.files.some((file) => file.id === id && file.ownerId === callerId));
  if (new Set(fileIds).size !== fileIds.length || !fileIds.every(usable)) {
    throw invalidField(
      'attachmentFileIds',
      'Attach images you uploaded for this complaint, each once.',
    );
  }
}

/** A new complaint in status 1 with a readable, unique reference made from its id. */
export function insertComplaint(
  db: MockDbState,
  fields: ComplaintFields,
  creator: FixtureAccount,
): FixtureComplaint {
  const id = (db.sequences.complaint += 1);
  const now = new Date();
  const contract = contracts.find((candidate) => candidate.id === fields.contractId)!;
  const complaint: FixtureComplaint = {
    id,
    refNo: complaintRefNo(now.getUTCFullYear(), id),
    typeOfOffence: offenceRef(db, fields.typeOfOffenceId)!,
    dateOfMisconduct: new Date(fields.dateOfMisconduct).toISOString(),
    description: fields.description,
    offender: fields.offender,
    location: fields.location,
    qty: fields.qty,
    complaintAttachments: [],
    justification: null,
    justificationAttachments: [],
    status: 1,
    statusText: COMPLAINT_STATUS_TEXT[1],
    remark: null,
    createdAt: now.toISOString(),
    organization: organizationRef(fields.organizationId),
    contract: contractRef(contract),
    createdBy: { id: creator.id, fullName: creator.fullName },
    organizationId: fields.organizationId,
    createdById: creator.id,
    statusHistory: [],
  };
  db.complaints.push(complaint);
  return complaint;
}

/** Only the fields given change; references were checked by `checkReferences`. */
export function updateComplaintFields(
  db: MockDbState,
  complaint: FixtureComplaint,
  fields: Partial<ComplaintFields>,
): void {
  const {
    typeOfOffenceId,
    dateOfMisconduct,
    organizationId,
    contractId,
    description,
    offender,
    location,
    qty,
  } = fields;
  if (typeOfOffenceId !== undefined) complaint.typeOfOffence = offenceRef(db, typeOfOffenceId)!;
  if (dateOfMisconduct !== undefined) {
    complaint.dateOfMisconduct = new Date(dateOfMisconduct).toISOString();
  }
  if (organizationId !== undefined) {
    complaint.organizationId = organizationId;
    complaint.organization = organizationRef(organizationId);
  }
  if (contractId !== undefined) {
    complaint.contract = contractRef(contracts.find((c) => c.id === contractId)!);
  }
  if (description !== undefined) complaint.description = description;
  if (offender !== undefined) complaint.offender = offender;
  if (location !== undefined) complaint.location = location;
  if (qty !== undefined) complaint.qty = qty;
}

/**
 * Makes `fileIds` the attachments of that kind, in order: a kept image keeps its attachment,
 * an upload gets a new one. Answers the files no longer attached.
 */
export function replaceAttachments(
  db: MockDbState,
  complaint: FixtureComplaint,
  kind: AttachmentKind,
  fileIds: string[],
): string[] {
  const old = complaint[kind];
  complaint[kind] = fileIds.map(
    (fileId) =>
      old.find((attachment) => attachment.fileId === fileId) ?? {
        id: (db.sequences.attachment += 1),
        fileId,
        file: db.files.find((file) => file.id === fileId)!.url,
      },
  );
  return old.map((attachment) => attachment.fileId).filter((id) => !fileIds.includes(id));
}

/** Forgets the uploads among these that nothing shows any more (no attachment, no avatar). */
export function deleteFiles(db: MockDbState, fileIds: string[]): void {
  const inUse = fileIdsInUse(db);
  db.files = db.files.filter((file) => !fileIds.includes(file.id) || inUse.has(file.id));
}

/** The complaint goes with its attachments and history; notices about it stay, pointing nowhere. */
export function deleteComplaint(db: MockDbState, complaint: FixtureComplaint): void {
  const attached = replaceAttachments(db, complaint, 'complaintAttachments', []);
  attached.push(...replaceAttachments(db, complaint, 'justificationAttachments', []));
  db.complaints = db.complaints.filter((candidate) => candidate.id !== complaint.id);
  for (const notification of db.notifications) {
    if (notification.complaintId === complaint.id) notification.complaintId = null;
  }
  deleteFiles(db, attached);
}

export function moveStatus(
  complaint: FixtureComplaint,
  to: ComplaintStatus,
  changes: { justification?: string; remark?: string | null },
): void {
  Object.assign(complaint, changes, { status: to, statusText: COMPLAINT_STATUS_TEXT[to] });
}

export function appendHistory(
  db: MockDbState,
  complaint: FixtureComplaint,
  entry: {
    fromStatus: ComplaintStatus | null;
    toStatus: ComplaintStatus;
    changedBy: FixtureAccount;
    text: string;
  },
): void {
  complaint.statusHistory.push({
    id: (db.sequences.statusHistory += 1),
    fromStatus: entry.fromStatus,
    toStatus: entry.toStatus,
    changedBy: { id: entry.changedBy.id, fullName: entry.changedBy.fullName },
    changedAt: new Date().toISOString(),
    text: entry.text,
  });
}
