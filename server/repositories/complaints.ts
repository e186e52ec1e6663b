import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { COMPLAINT_SORT_FIELDS } from '../../contract/complaint-status';
import { COMPLAINT_STATUS_TEXT } from '../../contract/complaint-status';
import type { Attachment, Complaint, ComplaintDetail, ComplaintStatus, StatusHistoryEntry } from '../../contract/complaints';
import type { DbOrTx } from '../db/client';
import { complaintAttachments, complaints, complaintStatusHistory, contracts, organizations, personas, typeOfOffences, users } from '../db/schema';
import { pageOf, paginationOf } from './pagination';

export type ComplaintSortField = (typeof COMPLAINT_SORT_FIELDS)[number];

export interface ComplaintScope {
  /** A contractor's users see only their organisation's complaints. */
  organizationId: number | null;
}

export interface ComplaintListQuery {
  history: boolean;
  page: number;
  limit: number;
  sort?: { field: ComplaintSortField; descending: boolean };
  q?: string;
}

const columns = {
  id: complaints.id,
  refNo: complaints.refNo,
  typeOfOffenceId: typeOfOffences.id,
  typeOfOffenceName: typeOfOffences.name,
  dateOfMisconduct: complaints.dateOfMisconduct,
  description: complaints.description,
  offender: complaints.offender,
  location: complaints.location,
  qty: complaints.qty,
  justification: complaints.justification,
  status: complaints.status,
  remark: complaints.remark,
  createdAt: complaints.createdAt,
  organizationId: organizations.id,
  organizationName: organizations.name,
  contractId: contracts.id,
  contractNo: contracts.contractNo,
  contractTitle: contracts.title,
  createdById: complaints.createdById,
  createdByName: personas.fullName,
};

const sortColumn = {
  refNo: complaints.refNo,
  dateOfMisconduct: complaints.dateOfMisconduct,
  createdAt: complaints.createdAt,
  offender: complaints.offender,
  location: complaints.location,
  qty: complaints.qty,
  status: complaints.status,
} as const;

function scopeFilter(scope: ComplaintScope): SQL[] {
  return scope.organizationId === null ? [] : [eq(complaints.organizationId, scope.organizationId)];
}

/** Attachments of many complaints in one query, grouped by complaint and kind. */
async function attachmentsOf(db: DbOrTx, ids: number[], fileUrl: (fileId: string) => string) {
  const byComplaint = new Map<number, { complaint: Attachment[]; justification: Attachment[] }>();
  if (ids.length === 0) return byComplaint;
  const rows = await db
    .select({ id: complaintAttachments.id, complaintId: complaintAttachments.complaintId, kind: complaintAttachments.kind, fileId: complaintAttachments.fileId })
    .from(complaintAttachments)
    .where(inArray(complaintAttachments.complaintId, ids))
    .orderBy(asc(complaintAttachments.sortOrder), asc(complaintAttachments.id));
  for (const row of rows) {
    const entry = byComplaint.get(row.complaintId) ?? { complaint: [], justification: [] };
    entry[row.kind].push({ id: row.id, file: fileUrl(row.fileId) });
    byComplaint.set(row.complaintId, entry);
  }
  return byComplaint;
}

type Row = Awaited<ReturnType<typeof selectComplaints>>[number];

const creators = alias(users, 'creators');

function selectComplaints(db: DbOrTx) {
  return db
    .select(columns)
    .from(complaints)
    .innerJoin(typeOfOffences, eq(typeOfOffences.id, complaints.typeOfOffenceId))
    .innerJoin(organizations, eq(organizations.id, complaints.organizationId))
    .leftJoin(contracts, eq(contracts.id, complaints.contractId))
    .innerJoin(creators, eq(creators.id, complaints.createdById))
    .innerJoin(personas, eq(personas.id, creators.personaId));
}

async function toComplaints(db: DbOrTx, rows: Row[], fileUrl: (fileId: string) => string): Promise<Complaint[]> {
  const attachments = await attachmentsOf(db, rows.map((r) => r.id), fileUrl);
  return rows.map((r) => {
    const status = r.status as ComplaintStatus;
    return {
      id: r.id,
      refNo: r.refNo,
      typeOfOffence: { id: r.typeOfOffenceId, name: r.typeOfOffenceName },
      dateOfMisconduct: r.dateOfMisconduct.toISOString(),
      description: r.description,
      offender: r.offender,
      location: r.location,
      qty: r.qty,
      complaintAttachments: attachments.get(r.id)?.complaint ?? [],
      justification: r.justification,
      justificationAttachments: attachments.get(r.id)?.justification ?? [],
      status,
      statusText: COMPLAINT_STATUS_TEXT[status],
      remark: r.remark,
      createdAt: r.createdAt.toISOString(),
      organization: { id: r.organizationId, name: r.organizationName },
      contract: r.contractId === null ? null : { id: r.contractId, contractNo: r.contractNo!, title: r.contractTitle! },
      createdBy: { id: r.createdById, fullName: r.createdByName },
    };
  });
}

/** Every move of one complaint, oldest first, with who made it. */
async function historyOf(db: DbOrTx, complaintId: number): Promise<StatusHistoryEntry[]> {
  const rows = await db
    .select({
      id: complaintStatusHistory.id,
      fromStatus: complaintStatusHistory.fromStatus,
      toStatus: complaintStatusHistory.toStatus,
      changedById: complaintStatusHistory.changedById,
      changedByName: personas.fullName,
      changedAt: complaintStatusHistory.changedAt,
      text: complaintStatusHistory.text,
    })
    .from(complaintStatusHistory)
    .innerJoin(users, eq(users.id, complaintStatusHistory.changedById))
    .innerJoin(personas, eq(personas.id, users.personaId))
    .where(eq(complaintStatusHistory.complaintId, complaintId))
    .orderBy(asc(complaintStatusHistory.changedAt), asc(complaintStatusHistory.id));
  return rows.map((r) => ({
    id: r.id,
    fromStatus: r.fromStatus as ComplaintStatus | null,
    toStatus: r.toStatus as ComplaintStatus,
    changedBy: { id: r.changedById, fullName: r.changedByName },
    changedAt: r.changedAt.toISOString(),
    text: r.text,
  }));
}

/** `history`: every status; otherwise the open ones (1, 2). Newest first unless sorted. */
export async function listComplaints(db: DbOrTx, scope: ComplaintScope, query: ComplaintListQuery, fileUrl: (fileId: string) => string) {
  const where: SQL[] = scopeFilter(scope);
  if (!query.history) where.push(inArray(complaints.status, [1, 2]));
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(complaints.refNo, like), ilike(complaints.description, like), ilike(complaints.offender, like), ilike(complaints.location, like))!);
  }
  const order = query.sort
    ? [(query.sort.descending ? desc : asc)(sortColumn[query.sort.field]), desc(complaints.id)]
    : [desc(complaints.createdAt), desc(complaints.id)];
  const [rows, [total]] = await Promise.all([
    selectComplaints(db).where(and(...where)).orderBy(...order).offset(pageOf(query.page, query.limit).offset).limit(query.limit),
    db.select({ n: count() }).from(complaints).where(and(...where)),
  ]);
  return { items: await toComplaints(db, rows, fileUrl), pagination: paginationOf(query.page, query.limit, total?.n ?? 0) };
}

/** One complaint with its history and the organisation it is against; the caller decides who may see it. */
export async function findComplaint(db: DbOrTx, id: number, fileUrl: (fileId: string) => string): Promise<{ complaint: ComplaintDetail; organizationId: number } | null> {
  const rows = await selectComplaints(db).where(eq(complaints.id, id));
  const [complaint] = await toComplaints(db, rows, fileUrl);
  if (!complaint) return null;
  return { complaint: { ...complaint, statusHistory: await historyOf(db, id) }, organizationId: complaint.organization.id };
}
