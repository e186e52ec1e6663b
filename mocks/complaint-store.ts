import { COMPLAINT_STATUS_TEXT, complaintRefNo } from '@contract';
import { ACCOUNT_TYPE_ID, contractRef, contracts, organizations, type FixtureComplaint } from '@fixtures';
import {
  complaintNotices,
  guards,
  isAllowed,
  problems,
  usableFileIds,
  type Caller,
  type ComplaintFields,
  type Move,
  type ReferenceLookup,
} from '@domain';
import type { MockDbState } from './db';

// How the mock stores complaints, as server/repositories/complaint*.ts does in SQL: no rule here.

type Db = Readonly<MockDbState>;
export type AttachmentKind = 'complaintAttachments' | 'justificationAttachments';

export function requireComplaint(db: Db, id: number): FixtureComplaint {
  const found = db.complaints.find((complaint) => complaint.id === id);
  if (!found) throw problems.notFound('Complaint');
  return found;
}

const offenceRef = (db: Db, id: number) => {
  const { name } = db.typeOfOffences.find((type) => type.id === id)!;
  return { id, name };
};
const organizationRef = (id: number) => ({ id, name: organizations.find((o) => o.id === id)!.name });

/** As the server reads a complaint: people and offence types by their names of today. */
export function presentComplaint(db: Db, complaint: FixtureComplaint): FixtureComplaint {
  const person = ({ id }: { id: number }) => ({ id, fullName: db.accounts.find((a) => a.id === id)!.fullName });
  return {
    ...complaint,
    typeOfOffence: offenceRef(db, complaint.typeOfOffence.id),
    createdBy: person(complaint.createdBy),
    statusHistory: complaint.statusHistory.map((entry) => ({ ...entry, changedBy: person(entry.changedBy) })),
  };
}

export const referenceLookup = (db: Db): ReferenceLookup => ({
  offenceTypeIsActive: (id) => db.typeOfOffences.some((t) => t.id === id && t.isActive),
  contractBelongsTo: (contractId, organizationId) => contracts.some((c) => c.id === contractId && c.organizationId === organizationId),
});

/** Uploads an attachment (but those of `exceptComplaintId`) or an avatar shows. */
function fileIdsInUse(db: Db, exceptComplaintId?: number): Set<string> {
  const attached = db.complaints
    .filter((complaint) => complaint.id !== exceptComplaintId)
    .flatMap((complaint) => [...complaint.complaintAttachments, ...complaint.justificationAttachments]);
  const avatars = new Set(db.accounts.map((account) => account.image));
  const avatarFiles = db.files.filter((file) => avatars.has(file.url));
  return new Set([...attached.map((a) => a.fileId), ...avatarFiles.map((f) => f.id)]);
}

/** The files the complaint may show as that kind of image (domain/complaints.ts `usableFileIds`). */
export const usableFiles = (db: Db, callerId: number, current?: { complaint: FixtureComplaint; kind: AttachmentKind }) =>
  usableFileIds({
    kept: current?.complaint[current.kind].map((a) => a.fileId) ?? [],
    ownUploads: db.files.filter((file) => file.ownerId === callerId).map((file) => file.id),
    usedElsewhere: fileIdsInUse(db, current?.complaint.id),
  });

export function insertComplaint(db: MockDbState, fields: ComplaintFields, creator: { id: number; fullName: string }) {
  const id = (db.sequences.complaint += 1);
  const now = new Date();
  const complaint: FixtureComplaint = {
    id,
    refNo: complaintRefNo(now.getUTCFullYear(), id),
    typeOfOffence: offenceRef(db, fields.typeOfOffenceId),
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
    contract: contractRef(contracts.find((c) => c.id === fields.contractId)!),
    createdBy: creator,
    organizationId: fields.organizationId,
    createdById: creator.id,
    statusHistory: [],
  };
  db.complaints.push(complaint);
  return complaint;
}

export function updateComplaintFields(db: MockDbState, complaint: FixtureComplaint, fields: Partial<ComplaintFields>) {
  const { typeOfOffenceId, dateOfMisconduct, organizationId, contractId, ...texts } = fields;
  if (typeOfOffenceId !== undefined) complaint.typeOfOffence = offenceRef(db, typeOfOffenceId);
  if (dateOfMisconduct !== undefined) complaint.dateOfMisconduct = new Date(dateOfMisconduct).toISOString();
  if (organizationId !== undefined) Object.assign(complaint, { organizationId, organization: organizationRef(organizationId) });
  if (contractId !== undefined) complaint.contract = contractRef(contracts.find((c) => c.id === contractId)!);
  Object.assign(complaint, Object.fromEntries(Object.entries(texts).filter(([, value]) => value !== undefined)));
}

/** `fileIds` become that kind of images, in order; a kept image keeps its attachment. Answers the files let go. */
export function replaceAttachments(db: MockDbState, complaint: FixtureComplaint, kind: AttachmentKind, fileIds: string[]) {
  const old = complaint[kind];
  complaint[kind] = fileIds.map(
    (fileId) =>
      old.find((a) => a.fileId === fileId) ?? {
        id: (db.sequences.attachment += 1),
        fileId,
        file: db.files.find((file) => file.id === fileId)!.url,
      },
  );
  return old.map((a) => a.fileId).filter((id) => !fileIds.includes(id));
}

/** Forgets the uploads among these that nothing shows any more. */
export function deleteFiles(db: MockDbState, fileIds: string[]): void {
  const inUse = fileIdsInUse(db);
  db.files = db.files.filter((file) => !fileIds.includes(file.id) || inUse.has(file.id));
}

/** The complaint goes with its images and history; notices about it stay, pointing nowhere. */
export function deleteComplaint(db: MockDbState, complaint: FixtureComplaint): void {
  const released = [
    ...replaceAttachments(db, complaint, 'complaintAttachments', []),
    ...replaceAttachments(db, complaint, 'justificationAttachments', []),
  ];
  db.complaints = db.complaints.filter((candidate) => candidate.id !== complaint.id);
  for (const notification of db.notifications) {
    if (notification.complaintId === complaint.id) notification.complaintId = null;
  }
  deleteFiles(db, released);
}

/** A move as one change: status and its text, the history row, and the notices (domain/complaint-notices.ts). */
export function applyMove(db: MockDbState, complaint: FixtureComplaint, move: Move, by: Caller) {
  const at = new Date().toISOString();
  if (move.from !== null) {
    Object.assign(complaint, move.fields, { status: move.to, statusText: COMPLAINT_STATUS_TEXT[move.to] });
  }
  const changedBy = { id: by.userId, fullName: db.accounts.find((a) => a.id === by.userId)!.fullName };
  const entry = { id: (db.sequences.statusHistory += 1), fromStatus: move.from, toStatus: move.to, changedBy, changedAt: at, text: move.text };
  complaint.statusHistory.push(entry);
  const active = db.accounts.filter((a) => a.status === 'active');
  const contractorUserIds = active
    .filter((a) => a.userProfile.organizationId === complaint.organizationId && a.userProfile.typeId === ACCOUNT_TYPE_ID.contractor)
    .map((a) => a.id);
  const otherUserIds =
    move.alsoTell === 'verifiers'
      ? active.filter((a) => isAllowed(db.grants[a.userTypeKey], guards.complaintVerify)).map((a) => a.id)
      : move.alsoTell === 'creator'
        ? [complaint.createdById]
        : [];
  const facts = {
    complaintId: complaint.id,
    refNo: complaint.refNo,
    offence: offenceRef(db, complaint.typeOfOffence.id).name,
    organization: complaint.organization.name,
    location: complaint.location,
    remark: move.fields.remark ?? null,
  };
  for (const notice of complaintNotices(move.notice, facts, { contractorUserIds, otherUserIds })) {
    db.notifications.push({ id: (db.sequences.notification += 1), ...notice, isRead: false, createdAt: at });
  }
}
