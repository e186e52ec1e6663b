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
  withdrawalNotices,
  type Caller,
  type ComplaintFields,
  type Move,
  type Notice,
} from '@domain';
import type { PhotoEvidence } from '@contract/evidence';
import { evidenceFindings, evidenceFlags, type OtherPhoto, type Photo } from '@domain';
import { evidenceFiles, SITE_PHOTO_COUNT, SITE_PHOTO_SHA256, sitePhoto } from '@fixtures';
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

/** Registered now, whenever a phone made it offline. */
export function insertComplaint(db: MockDbState, fields: ComplaintFields, createdById: number): StoredComplaint {
  const id = (db.sequences.complaint += 1);
  const now = new Date();
  const { madeOffline, ...rest } = fields;
  const complaint: StoredComplaint = {
    ...rest,
    coordinates: null,
    madeOffline: madeOffline ? { at: new Date(madeOffline.at).toISOString(), device: madeOffline.device } : null,
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
  updateComplaintFields(complaint, rest);
  db.complaints.push(complaint);
  return complaint;
}

/** A null `coordinates` clears the position; how it was made never changes. */
export function updateComplaintFields(complaint: StoredComplaint, fields: Omit<Partial<ComplaintFields>, 'madeOffline'>) {
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

/** The complaint goes with its images and history; notices about it stay, pointing nowhere (see `recordWithdrawal`). */
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
  const facts = noticeFactsOf(complaint, namesOf(db, complaint), move);
  notify(
    db,
    complaintNotices(move.notice, facts, { contractorUserIds: contractorUserIds(db, complaint.organizationId), otherUserIds }, by.userId),
    at,
  );
}

/**
 * Before a complaint is deleted, as the server does: its notices are marked as of a withdrawn
 * complaint, and everyone who holds one is told (domain/complaint-notices.ts).
 */
export function recordWithdrawal(db: MockDbState, complaint: StoredComplaint, by: Caller) {
  const marked = db.notifications.filter((n) => n.complaintId === complaint.id);
  for (const notification of marked) notification.withdrawnComplaintRefNo = complaint.refNo;
  const told = { notifiedUserIds: marked.map((n) => n.recipientId), contractorUserIds: contractorUserIds(db, complaint.organizationId) };
  notify(db, withdrawalNotices(noticeFactsOf(complaint, namesOf(db, complaint)), told, by.userId), new Date().toISOString());
}

/** The offence type and contractor of a complaint by their names of today. */
function namesOf(db: Db, complaint: StoredComplaint) {
  const shown = presentComplaint(db, complaint);
  return { offence: shown.typeOfOffence.name, organization: shown.organization.name };
}

/** Stores the notices, unread, and mails each to a recipient who asked for notices by mail. */
function notify(db: MockDbState, notices: readonly Notice[], at: string) {
  for (const notice of notices) {
    db.notifications.push({ id: (db.sequences.notification += 1), ...notice, claimRecordId: null, isRead: false, createdAt: at });
    const recipient = db.accounts.find((a) => a.id === notice.recipientId);
    if (recipient && wantsNoticeMail(recipient)) send(db, noticeMail(recipient.email, notice, appUrl()));
  }
}

/** The fixture photos that declare what they say, by file id. */
const fixtureEvidence = new Map(evidenceFiles.map((file) => [file.fileId, file]));
/** The plain fixture pictures' hashes, by path. */
const pictureHashes = new Map(Array.from({ length: SITE_PHOTO_COUNT }, (_, i) => [sitePhoto(i + 1), SITE_PHOTO_SHA256[i + 1]!]));

/**
 * What is known of an attached file, as the files table keeps it: an upload's hash and what it
 * said (the mocks make no difference hash: they decode no pictures); a fixture photo's
 * declarations; a plain fixture picture, never read.
 */
function fileFacts(db: Db, attachment: { fileId: string; file: string }): Pick<Photo, 'sha256' | 'dhash' | 'metadata'> {
  const upload = db.files.find((file) => file.id === attachment.fileId);
  if (upload) return { sha256: upload.sha256, dhash: null, metadata: upload.metadata };
  const declared = fixtureEvidence.get(attachment.fileId);
  if (declared) return { sha256: declared.sha256, dhash: declared.dhash, metadata: declared.metadata };
  return { sha256: pictureHashes.get(attachment.file) ?? '0'.repeat(64), dhash: null, metadata: null };
}

/** A complaint's photos, the officer's first, with their hashes and what each said (server/repositories/evidence.ts). */
export function complaintPhotos(db: Db, complaint: StoredComplaint): (Photo & PhotoEvidence)[] {
  const ordered = [...complaint.attachments].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'complaint' ? -1 : 1));
  return ordered.map((attachment) => ({ fileId: attachment.fileId, kind: attachment.kind, ...fileFacts(db, attachment) }));
}

/** Every photo of the other complaints the scope reaches (the domain picks the alike). */
export function photosElsewhere(db: Db, complaint: StoredComplaint, organizationId: number | null): OtherPhoto[] {
  return db.complaints
    .filter((other) => other.id !== complaint.id && (organizationId === null || other.organizationId === organizationId))
    .flatMap((other) =>
      other.attachments.map((attachment) => {
        const { sha256, dhash, metadata } = fileFacts(db, attachment);
        return { complaintId: other.id, refNo: other.refNo, organizationId: other.organizationId, sha256, dhash, read: metadata !== null };
      }),
    );
}

/** The complaint's finding flags (domain/evidence.ts `evidenceFlags`), made when asked: the server keeps them with each complaint. */
export function evidenceFlagsOf(db: Db, complaint: StoredComplaint): number {
  const photos = complaintPhotos(db, complaint);
  if (!photos.some((photo) => photo.metadata !== null)) return 0;
  const others = photosElsewhere(db, complaint, null);
  return evidenceFlags(evidenceFindings(complaint, photos, others), complaint.organizationId, others);
}
