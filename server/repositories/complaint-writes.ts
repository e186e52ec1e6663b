import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { complaintRefNo } from '../../contract/complaint-rules';
import type { ComplaintStatusCode } from '../../contract/complaint-status';
import { guards, type Guard } from '../../domain/access';
import { justifyByOf, registration } from '../../domain/complaints';
import { complaintNotices, noticeFactsOf, otherRecipients, withdrawalNotices } from '../../domain/complaint-notices';
import type { ComplaintFields, Move } from '../../domain/complaints';
import type { DbOrTx, Tx } from '../db/client';
import { coordinateColumns } from './complaints';
import { actionColumn } from './privileges';
import { contractorUserIds } from './recipients';
import {
  complaintAttachments,
  complaints,
  complaintStatusHistory,
  contracts,
  files,
  menuItems,
  notifications,
  organizations,
  privileges,
  typeOfOffences,
  users,
} from '../db/schema';

type Kind = 'complaint' | 'justification';

/** The complaint's row, locked until the transaction ends, with what notices need to say. */
export async function lockComplaint(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({
      id: complaints.id,
      refNo: complaints.refNo,
      status: sql<ComplaintStatusCode>`${complaints.status}`,
      organizationId: complaints.organizationId,
      contractId: complaints.contractId,
      dateOfMisconduct: complaints.dateOfMisconduct,
      madeOfflineAt: complaints.madeOfflineAt,
      createdAt: complaints.createdAt,
      justificationDays: contracts.justificationDays,
      organizationName: organizations.name,
      createdById: complaints.createdById,
      offence: typeOfOffences.name,
      location: complaints.location,
    })
    .from(complaints)
    .innerJoin(organizations, eq(organizations.id, complaints.organizationId))
    .innerJoin(typeOfOffences, eq(typeOfOffences.id, complaints.typeOfOffenceId))
    .leftJoin(contracts, eq(contracts.id, complaints.contractId))
    .where(eq(complaints.id, id))
    .for('update', { of: complaints });
  if (!row) return null;
  const { createdAt, justificationDays, ...rest } = row;
  return {
    ...rest,
    dateOfMisconduct: row.dateOfMisconduct.toISOString(),
    madeOfflineAt: row.madeOfflineAt?.toISOString() ?? null,
    justifyBy: justifyByOf(createdAt.toISOString(), justificationDays),
  };
}
export type LockedComplaint = NonNullable<Awaited<ReturnType<typeof lockComplaint>>>;

/**
 * What domain/complaints.ts `usableFileIds` needs to know of `fileIds` for the complaint's
 * `kind` of images: which it shows already, which the caller uploaded, which something else shows.
 */
export async function attachmentFacts(tx: Tx, userId: number, fileIds: string[], current?: { complaintId: number; kind: Kind }) {
  if (fileIds.length === 0) return { kept: [], ownUploads: [], usedElsewhere: new Set<string>() };
  // One after the other: a transaction's client runs one query at a time.
  // Held until the transaction ends: the upload clean-up cannot delete a file being attached (see isOwnUpload).
  const own = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, fileIds), eq(files.ownerId, userId)))
    .for('key share');
  const attached = await tx
    .select({ id: complaintAttachments.fileId, complaintId: complaintAttachments.complaintId, kind: complaintAttachments.kind })
    .from(complaintAttachments)
    .where(inArray(complaintAttachments.fileId, fileIds));
  const avatars = await tx.select({ id: users.imageFileId }).from(users).where(inArray(users.imageFileId, fileIds));
  const isCurrent = (a: { complaintId: number; kind: Kind }) => current !== undefined && a.complaintId === current.complaintId;
  return {
    kept: attached.filter((a) => isCurrent(a) && a.kind === current!.kind).map((a) => a.id),
    ownUploads: own.map((r) => r.id),
    usedElsewhere: new Set([...attached.filter((a) => !isCurrent(a)).map((a) => a.id), ...avatars.map((r) => r.id!)]),
  };
}

export async function offenceTypeIsActive(tx: DbOrTx, id: number) {
  const [row] = await tx.select({ isActive: typeOfOffences.isActive }).from(typeOfOffences).where(eq(typeOfOffences.id, id));
  return row?.isActive === true;
}

/** What a complaint's rules need of its contract: whose it is and when it runs. */
export async function contractPeriod(tx: DbOrTx, contractId: number) {
  const [row] = await tx
    .select({
      organizationId: contracts.organizationId,
      contractNo: contracts.contractNo,
      startDate: contracts.startDate,
      endDate: contracts.endDate,
    })
    .from(contracts)
    .where(eq(contracts.id, contractId));
  return row ?? null;
}

/**
 * A new complaint, submitted, with a readable, unique reference made from its id; registered
 * now, whenever a phone made it offline.
 */
export async function insertComplaint(tx: DbOrTx, fields: ComplaintFields, createdById: number) {
  const { rows } = await tx.execute<{ id: string }>(sql`select nextval(pg_get_serial_sequence('complaints', 'id')) as id`);
  const id = Number(rows[0]!.id);
  const now = new Date();
  const refNo = complaintRefNo(now, id);
  const { coordinates, madeOffline, ...rest } = fields;
  await tx.insert(complaints).values({
    ...rest,
    ...coordinateColumns(coordinates ?? null),
    madeOfflineAt: madeOffline ? new Date(madeOffline.at) : null,
    madeOfflineDevice: madeOffline?.device ?? null,
    id,
    refNo,
    dateOfMisconduct: new Date(fields.dateOfMisconduct),
    createdById,
    status: registration.to,
    createdAt: now,
    updatedAt: now,
  });
  return { id, refNo };
}

/** A change of a submitted complaint: a null `coordinates` clears the position. How it was made never changes. */
export async function updateComplaintFields(tx: DbOrTx, id: number, fields: Omit<Partial<ComplaintFields>, 'madeOffline'>) {
  const { dateOfMisconduct, coordinates, ...rest } = fields;
  await tx
    .update(complaints)
    .set({
      ...rest,
      ...(dateOfMisconduct ? { dateOfMisconduct: new Date(dateOfMisconduct) } : {}),
      ...(coordinates === undefined ? {} : coordinateColumns(coordinates)),
      updatedAt: new Date(),
    })
    .where(eq(complaints.id, id));
}

/**
 * Makes `fileIds` the complaint's `kind` of images, in order: a kept image keeps its
 * attachment (and id), a new one gets one. Answers the files no longer attached.
 */
export async function replaceAttachments(tx: DbOrTx, complaintId: number, kind: Kind, fileIds: string[]) {
  const current = await tx
    .select({ id: complaintAttachments.id, fileId: complaintAttachments.fileId })
    .from(complaintAttachments)
    .where(and(eq(complaintAttachments.complaintId, complaintId), eq(complaintAttachments.kind, kind)));
  const attachmentOf = new Map(current.map((r) => [r.fileId, r.id]));
  const gone = current.filter((r) => !fileIds.includes(r.fileId));
  if (gone.length)
    await tx.delete(complaintAttachments).where(
      inArray(
        complaintAttachments.id,
        gone.map((r) => r.id),
      ),
    );
  const added: { complaintId: number; kind: Kind; fileId: string; sortOrder: number }[] = [];
  for (const [sortOrder, fileId] of fileIds.entries()) {
    const id = attachmentOf.get(fileId);
    if (id === undefined) added.push({ complaintId, kind, fileId, sortOrder });
    else await tx.update(complaintAttachments).set({ sortOrder }).where(eq(complaintAttachments.id, id));
  }
  if (added.length) await tx.insert(complaintAttachments).values(added);
  return gone.map((r) => r.fileId);
}

/**
 * Stores a move decided by domain/complaints.ts: the status (only if it is still the one the
 * decision saw, so of two deciding at once exactly one wins), the fields the move sets, its
 * history row and its notices; answers the notices. Null when someone else moved the complaint meanwhile.
 */
export async function recordMove(tx: DbOrTx, complaint: LockedComplaint, move: Move, changedById: number) {
  if (move.from !== null) {
    const rows = await tx
      .update(complaints)
      .set({ status: move.to, ...move.fields, updatedAt: new Date() })
      .where(and(eq(complaints.id, complaint.id), eq(complaints.status, move.from)))
      .returning({ id: complaints.id });
    if (rows.length === 0) return null;
  }
  await tx
    .insert(complaintStatusHistory)
    .values({ complaintId: complaint.id, fromStatus: move.from, toStatus: move.to, changedById, text: move.text });
  const otherUserIds = await otherRecipients(move, complaint, () => usersAllowed(tx, guards.complaintVerify));
  const facts = noticeFactsOf(complaint, { offence: complaint.offence, organization: complaint.organizationName }, move);
  const notices = complaintNotices(
    move.notice,
    facts,
    { contractorUserIds: await contractorUserIds(tx, complaint.organizationId), otherUserIds },
    changedById,
  );
  if (notices.length) await tx.insert(notifications).values(notices);
  return notices;
}

/**
 * Before a complaint is deleted: its notices are marked as of a withdrawn complaint (the
 * foreign key then drops their link), and everyone who holds one is told (domain/complaint-notices.ts).
 */
export async function recordWithdrawal(tx: DbOrTx, complaint: LockedComplaint, withdrawnById: number) {
  const marked = await tx
    .update(notifications)
    .set({ withdrawnComplaintRefNo: complaint.refNo })
    .where(eq(notifications.complaintId, complaint.id))
    .returning({ recipientId: notifications.recipientId });
  const facts = noticeFactsOf(complaint, { offence: complaint.offence, organization: complaint.organizationName });
  const notices = withdrawalNotices(
    facts,
    { notifiedUserIds: marked.map((r) => r.recipientId), contractorUserIds: await contractorUserIds(tx, complaint.organizationId) },
    withdrawnById,
  );
  if (notices.length) await tx.insert(notifications).values(notices);
  return notices;
}

/** Deletes the complaint (attachments and history go with it); answers the files to remove. */
export async function deleteComplaint(tx: DbOrTx, id: number) {
  const attached = await tx
    .select({ fileId: complaintAttachments.fileId })
    .from(complaintAttachments)
    .where(eq(complaintAttachments.complaintId, id));
  await tx.delete(complaints).where(eq(complaints.id, id));
  return deleteFiles(
    tx,
    attached.map((a) => a.fileId),
  );
}

/**
 * Removes the rows of these files that nothing uses any more (no attachment, no avatar);
 * answers their storage names so the caller deletes them from disk after commit.
 */
export async function deleteFiles(tx: DbOrTx, fileIds: string[]) {
  if (fileIds.length === 0) return [];
  const attached = tx.select({ id: complaintAttachments.fileId }).from(complaintAttachments);
  const avatars = tx.select({ id: users.imageFileId }).from(users).where(sql`${users.imageFileId} is not null`);
  const rows = await tx
    .delete(files)
    .where(and(inArray(files.id, fileIds), notInArray(files.id, attached), notInArray(files.id, sql`(${avatars})`)))
    .returning({ storageName: files.storageName });
  return rows.map((r) => r.storageName);
}

/** Active users whose user type the matrix allows what the guard names (who verifies is the matrix's say, not a role name's). */
async function usersAllowed(tx: DbOrTx, { itemKeys, action }: Guard) {
  const rows = await tx
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(privileges, eq(privileges.userTypeId, users.userTypeId))
    .innerJoin(menuItems, eq(menuItems.id, privileges.menuItemId))
    .where(and(inArray(menuItems.key, [...itemKeys]), eq(actionColumn[action], true), eq(users.status, 'active')))
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}

/** What domain/complaints.ts `complaintFormOptions` chooses from: every offence type, organisation and contract. */
export async function complaintFormChoices(db: DbOrTx) {
  const [types, orgs, held] = await Promise.all([
    db.select({ id: typeOfOffences.id, name: typeOfOffences.name, isActive: typeOfOffences.isActive }).from(typeOfOffences),
    db.select({ id: organizations.id, name: organizations.name, isActive: organizations.isActive }).from(organizations),
    db
      .select({
        id: contracts.id,
        contractNo: contracts.contractNo,
        title: contracts.title,
        organizationId: contracts.organizationId,
        startDate: contracts.startDate,
        endDate: contracts.endDate,
      })
      .from(contracts),
  ]);
  return [types, orgs, held] as const;
}
