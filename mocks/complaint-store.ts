import { COMPLAINT_STATUS_TEXT, complaintRefNo, type ComplaintDetail } from '@contract';
import {
  complaintNotices,
  guards,
  isAllowed,
  justifyByOf,
  noticeFactsOf,
  noticeMail,
  otherRecipients,
  problems,
  registration,
  usableFileIds,
  wantsNoticeMail,
  type Caller,
  type ComplaintFields,
  type Move,
} from '@domain';
import type { AttachmentKind, StoredComplaint } from './complaint-rows';
import { contractorUserIds, grantsOf, personaOf, type MockDbState } from './db';
import { appUrl, send } from './mail';

// How the mock stores complaints, as server/repositories/complaint*.ts does in SQL: by ids, as
// rows; names are read when a complaint is shown. No rule here.

type Db = Readonly<MockDbState>;

/** As the server reads a complaint: people, offence types and contractors by their names of today. */
export function presentComplaint(db: Db, c: StoredComplaint): ComplaintDetail {
  const { typeOfOffenceId, contractId, attachments, history, ...row } = c;
  const person = (id: number) => ({ id, fullName: personaOf(db, db.accounts.find((a) => a.id === id)!).fullName });
  const images = (kind: AttachmentKind) => attachments.filter((a) => a.kind === kind).map(({ id, fileId, file }) => ({ id, fileId, file }));
  const contract = db.contracts.find((candidate) => candidate.id === contractId);
  return {
    ...row,
    statusText: COMPLAINT_STATUS_TEXT[c.status],
    typeOfOffence: { id: typeOfOffenceId, name: db.catalogues['type-of-offences'].find((t) => t.id === typeOfOffenceId)!.name },
    organization: { id: c.organizationId, name: db.catalogues.organizations.find((o) => o.id === c.organizationId)!.name },
    contract: contract ? { id: contract.id, contractNo: contract.contractNo, title: contract.title } : null,
    justifyBy: justifyByIn(db, c),
    createdBy: person(c.createdById),
    complaintAttachments: images('complaint'),
    justificationAttachments: images('justification'),
    statusHistory: history.map(({ changedById, ...entry }) => ({ ...entry, changedBy: person(changedById) })),
  };
}

/** When a stored complaint's time to justify ends, by its contract's days of today. */
export function justifyByIn(db: Db, c: Pick<StoredComplaint, 'createdAt' | 'contractId'>): string | null {
  return justifyByOf(c.createdAt, db.contracts.find((k) => k.id === c.contractId)?.justificationDays ?? null);
}

export function requireComplaint(db: Db, id: number): StoredComplaint {
  const found = db.complaints.find((complaint) => complaint.id === id);
  if (!found) throw problems.notFound('Complaint');
  return found;
}

export const referenceLookup = (db: Db) => ({
  offenceTypeIsActive: (id: number) => db.catalogues['type-of-offences'].some((t) => t.id === id && t.isActive),
  contractOf: (contractId: number) => db.contracts.find((c) => c.id === contractId) ?? null,
});

/** Uploads an attachment (but those of `exceptComplaintId`) or an avatar shows. */
function fileIdsInUse(db: Db, exceptComplaintId?: number): Set<string> {
  const attached = db.complaints.filter((c) => c.id !== exceptComplaintId).flatMap((c) => c.attachments.map((a) => a.fileId));
  const avatars = new Set(db.accounts.map((account) => account.image));
  return new Set([...attached, ...db.files.filter((file) => avatars.has(file.url)).map((f) => f.id)]);
}

/** The bytes of the user's uploads that nothing shows yet (the upload quota counts them). */
export const unattachedBytesOf = (db: Db, ownerId: number) => {
  const inUse = fileIdsInUse(db);
  return db.files.filter((file) => file.ownerId === ownerId && !inUse.has(file.id)).reduce((sum, file) => sum + file.sizeBytes, 0);
};

/** The files the complaint may show as that kind of image (domain/complaints.ts `usableFileIds`). */
export const usableFiles = (db: Db, callerId: number, current?: { complaint: StoredComplaint; kind: AttachmentKind }) =>
  usableFileIds({
    kept: current?.complaint.attachments.filter((a) => a.kind === current.kind).map((a) => a.fileId) ?? [],
    ownUploads: db.files.filter((file) => file.ownerId === callerId).map((file) => file.id),
    usedElsewhere: fileIdsInUse(db, current?.complaint.id),
  });

export function insertComplaint(db: MockDbState, fields: ComplaintFields, createdById: number): StoredComplaint {
  const id = (db.sequences.complaint += 1);
  const now = new Date();
  const complaint: StoredComplaint = {
    ...fields,
    id,
    refNo: complaintRefNo(now, id),
    createdById,
    createdAt: now.toISOString(),
    status: registration.to,
    justification: null,
    remark: null,
    attachments: [],
    history: [],
  };
  updateComplaintFields(complaint, fields);
  db.complaints.push(complaint);
  return complaint;
}

export function updateComplaintFields(complaint: StoredComplaint, fields: Partial<ComplaintFields>) {
  const changed = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  Object.assign(complaint, changed, fields.dateOfMisconduct && { dateOfMisconduct: new Date(fields.dateOfMisconduct).toISOString() });
}

/** `fileIds` become that kind of images, in order; a kept image keeps its attachment. Answers the files let go. */
export function replaceAttachments(db: MockDbState, complaint: StoredComplaint, kind: AttachmentKind, fileIds: string[]) {
  const old = complaint.attachments.filter((a) => a.kind === kind);
  const next = fileIds.map(
    (fileId) =>
      old.find((a) => a.fileId === fileId) ?? {
        id: (db.sequences.attachment += 1),
        fileId,
        file: db.files.find((f) => f.id === fileId)!.url,
        kind,
      },
  );
  complaint.attachments = [...complaint.attachments.filter((a) => a.kind !== kind), ...next];
  return old.map((a) => a.fileId).filter((id) => !fileIds.includes(id));
}

/** Forgets the uploads among these that nothing shows any more. */
export function deleteFiles(db: MockDbState, fileIds: string[]): void {
  const inUse = fileIdsInUse(db);
  db.files = db.files.filter((file) => !fileIds.includes(file.id) || inUse.has(file.id));
}

/** The complaint goes with its images and history; notices about it stay, pointing nowhere. */
export function deleteComplaint(db: MockDbState, complaint: StoredComplaint): void {
  db.complaints = db.complaints.filter((candidate) => candidate.id !== complaint.id);
  for (const notification of db.notifications) if (notification.complaintId === complaint.id) notification.complaintId = null;
  deleteFiles(
    db,
    complaint.attachments.map((a) => a.fileId),
  );
}

/** A move as one change: status and the fields it sets, the history row, and the notices (domain/complaint-notices.ts). */
export function applyMove(db: MockDbState, complaint: StoredComplaint, move: Move, by: Caller) {
  const at = new Date().toISOString();
  if (move.from !== null) Object.assign(complaint, move.fields, { status: move.to });
  complaint.history.push({
    id: (db.sequences.statusHistory += 1),
    fromStatus: move.from,
    toStatus: move.to,
    changedById: by.userId,
    changedAt: at,
    text: move.text,
  });
  const verifiers = () =>
    db.accounts.filter((a) => a.status === 'active' && isAllowed(grantsOf(db, a), guards.complaintVerify)).map((a) => a.id);
  const otherUserIds = otherRecipients(move, complaint, verifiers);
  const shown = presentComplaint(db, complaint);
  const facts = noticeFactsOf(complaint, { offence: shown.typeOfOffence.name, organization: shown.organization.name }, move);
  for (const notice of complaintNotices(move.notice, facts, {
    contractorUserIds: contractorUserIds(db, complaint.organizationId),
    otherUserIds,
  })) {
    db.notifications.push({ id: (db.sequences.notification += 1), ...notice, claimRecordId: null, isRead: false, createdAt: at });
    const recipient = db.accounts.find((a) => a.id === notice.recipientId);
    if (recipient && wantsNoticeMail(recipient)) send(db, noticeMail(recipient.email, notice, appUrl()));
  }
}
