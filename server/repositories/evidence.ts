import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { PhotoEvidence } from '../../contract/evidence';
import {
  dhashBands,
  type EvidenceRules,
  evidenceFindings,
  evidenceFlags,
  isTellingDhash,
  type OtherPhoto,
  type Photo,
} from '../../domain/evidence';
import type { DbOrTx } from '../db/client';
import { complaintAttachments, complaintStatusHistory, complaints, files } from '../db/schema';
import { type ComplaintScope, coordinatesOf } from './complaints';

/** At most this many photos elsewhere are weighed for one complaint: enough to name the duplicates. */
const MAX_OTHERS = 200;

/** What the findings weigh a complaint's photos against (the stated time, where the officer stood), and whose it is. */
export async function evidenceComplaint(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: complaints.id,
      refNo: complaints.refNo,
      organizationId: complaints.organizationId,
      dateOfMisconduct: complaints.dateOfMisconduct,
      latitude: complaints.latitude,
      longitude: complaints.longitude,
      locationAccuracyM: complaints.locationAccuracyM,
    })
    .from(complaints)
    .where(eq(complaints.id, id));
  if (!row) return null;
  const { id: complaintId, refNo, organizationId, dateOfMisconduct } = row;
  return { id: complaintId, refNo, organizationId, dateOfMisconduct: dateOfMisconduct.toISOString(), coordinates: coordinatesOf(row) };
}

/** A complaint's photos, the officer's first, each with its hashes and what it said of itself. */
export async function complaintPhotos(db: DbOrTx, complaintId: number): Promise<(Photo & PhotoEvidence)[]> {
  const rows = await db
    .select({
      fileId: complaintAttachments.fileId,
      kind: complaintAttachments.kind,
      sha256: files.sha256,
      dhash: files.dhash,
      metadata: files.metadata,
    })
    .from(complaintAttachments)
    .innerJoin(files, eq(files.id, complaintAttachments.fileId))
    .where(eq(complaintAttachments.complaintId, complaintId))
    .orderBy(asc(complaintAttachments.kind), asc(complaintAttachments.sortOrder), asc(complaintAttachments.id));
  return rows.map((row) => ({ ...row, metadata: row.metadata ?? null }));
}

/**
 * Photos read on arrival, on other complaints the scope reaches, with the same SHA-256 as one of
 * `photos` or a difference hash sharing a band with one (the GIN index on the bands; the domain
 * then measures the bits). Photos never read are not compared, so they are not looked up.
 */
export async function photosElsewhere(
  db: DbOrTx,
  complaintId: number,
  photos: readonly Photo[],
  scope: ComplaintScope,
): Promise<OtherPhoto[]> {
  const read = photos.filter((photo) => photo.metadata !== null);
  if (read.length === 0) return [];
  const hashes = [...new Set(read.map((photo) => photo.sha256))];
  const bands = [...new Set(read.flatMap((photo) => (isTellingDhash(photo.dhash) ? dhashBands(photo.dhash) : [])))];
  // The bands are small integers this module made, written into the SQL as an array literal.
  const alike = bands.length
    ? or(inArray(files.sha256, hashes), sql`${files.dhashBands} && ${sql.raw(`'{${bands.join(',')}}'::int[]`)}`)
    : inArray(files.sha256, hashes);
  const rows = await db
    .select({
      complaintId: complaints.id,
      refNo: complaints.refNo,
      organizationId: complaints.organizationId,
      sha256: files.sha256,
      dhash: files.dhash,
    })
    .from(files)
    .innerJoin(complaintAttachments, eq(complaintAttachments.fileId, files.id))
    .innerJoin(complaints, eq(complaints.id, complaintAttachments.complaintId))
    .where(
      and(
        alike,
        sql`${files.metadata} is not null`,
        ne(complaints.id, complaintId),
        scope.organizationId === null ? undefined : eq(complaints.organizationId, scope.organizationId),
      ),
    )
    .orderBy(asc(complaints.id))
    .limit(MAX_OTHERS);
  return rows.map((row) => ({ ...row, read: true }));
}

/** Each move of a complaint's place and hash in its chain, by the move's id. */
export async function moveChainOf(db: DbOrTx, complaintId: number): Promise<Map<number, { seq: number; hash: string }>> {
  const rows = await db
    .select({ id: complaintStatusHistory.id, seq: complaintStatusHistory.chainSeq, hash: complaintStatusHistory.hash })
    .from(complaintStatusHistory)
    .where(eq(complaintStatusHistory.complaintId, complaintId));
  return new Map(rows.map(({ id, ...chain }) => [id, chain]));
}

/** Where each of these files is kept, by file id. */
export async function storageNamesOf(db: DbOrTx, fileIds: readonly string[]): Promise<Map<string, string>> {
  if (fileIds.length === 0) return new Map();
  const rows = await db
    .select({ id: files.id, storageName: files.storageName })
    .from(files)
    .where(inArray(files.id, [...fileIds]));
  return new Map(rows.map((row) => [row.id, row.storageName]));
}

/** The complaints, other than `complaintId`, with a photo like one of its photos now (whoever sees them). */
export async function complaintsAlike(db: DbOrTx, complaintId: number): Promise<number[]> {
  const others = await photosElsewhere(db, complaintId, await complaintPhotos(db, complaintId), { organizationId: null });
  return [...new Set(others.map((other) => other.complaintId))];
}

/**
 * Makes again the finding flags of these complaints (domain/evidence.ts `evidenceFlags`), as every
 * reader sees them: after a write changes a complaint's photos or its stated time, for it and for
 * the complaints that shared a photo with it before or after.
 */
export async function refreshEvidenceFlags(db: DbOrTx, complaintIds: Iterable<number>, rules: EvidenceRules) {
  for (const id of new Set(complaintIds)) {
    const complaint = await evidenceComplaint(db, id);
    if (!complaint) continue;
    const photos = await complaintPhotos(db, id);
    const others = await photosElsewhere(db, id, photos, { organizationId: null });
    const flags = evidenceFlags(evidenceFindings(complaint, photos, others, rules), complaint.organizationId, others);
    await db
      .update(complaints)
      .set({ evidenceFlags: flags })
      .where(and(eq(complaints.id, id), ne(complaints.evidenceFlags, flags)));
  }
}
