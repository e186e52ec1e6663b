import type { EvidenceFinding, PhotoMetadata } from '../contract/evidence';

/*
 * Findings on a complaint's photos (issue 35): pure rules over what each photo says about
 * itself and what else the caller may see. They inform the people who decide; no move waits on
 * them. The server and the mocks ask the same function.
 */

/** How far from the stated misconduct a photo may be taken, and how far apart two photos may be. */
export interface EvidenceRules {
  /** Minutes before the stated date of misconduct a photo may be taken (default 24 h). */
  minutesBefore: number;
  /** Minutes after (default 1 h). */
  minutesAfter: number;
  /** Metres two photos of one complaint may be apart (default 500). */
  farApartMeters: number;
  /** dHash bits two images may differ in and still be the same picture (of 64; default 6). */
  similarBits: number;
}

export const DEFAULT_EVIDENCE_RULES: EvidenceRules = { minutesBefore: 24 * 60, minutesAfter: 60, farApartMeters: 500, similarBits: 6 };

/** One photo of the complaint, with what is known of it. */
export interface Photo {
  fileId: string;
  sha256: string;
  /** 64-bit difference hash as 16 hex digits, or null when none could be made. */
  dhash: string | null;
  /** Null for a photo uploaded before photos were read: nothing is said of its time, editor or place. */
  metadata: PhotoMetadata | null;
}

/** A photo of another complaint the caller may see, with the same hash or a near one. */
export interface OtherPhoto {
  complaintId: number;
  refNo: string;
  sha256: string;
  dhash: string | null;
}

/** Editing programs that re-save a photo; a camera's or a phone's own firmware is not one. */
const EDITORS =
  /photoshop|lightroom|gimp|snapseed|picsart|canva|pixlr|affinity|paint\.net|facetune|photo ?director|vsco|meitu|polarr|inshot|remini|luminar|capture one|darktable|rawtherapee|preview|photos? editor|fotor|airbrush|retouch/i;

/** The editing program a photo names as its last writer, or null for a camera's own. */
export function editingSoftware(metadata: PhotoMetadata): string | null {
  return metadata.software && EDITORS.test(metadata.software) ? metadata.software : null;
}

/**
 * A difference hash's eight bytes, each tagged with its place (place × 256 + byte). Two hashes at
 * most `similarBits` (≤ 7) apart agree on at least one whole byte, so a near picture shares a band.
 */
export function dhashBands(dhash: string): number[] {
  return Array.from({ length: 8 }, (_, place) => place * 256 + Number.parseInt(dhash.slice(place * 2, place * 2 + 2), 16));
}

/** Bits that differ between two 64-bit hashes written as hex. */
export function hammingDistance(a: string, b: string): number {
  let bits = 0;
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    let x = Number.parseInt(a[i] ?? '0', 16) ^ Number.parseInt(b[i] ?? '0', 16);
    while (x) {
      bits += x & 1;
      x >>= 1;
    }
  }
  return bits;
}

/** Metres between two points on the Earth (haversine, mean radius). */
export function metersBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * What a complaint's photos say: each photo's time against the stated date of misconduct,
 * a missing time, an editor, the same picture on another complaint (each other complaint once,
 * identical before similar), and the two photos furthest apart when they are too far.
 */
export function evidenceFindings(
  complaint: { dateOfMisconduct: string },
  photos: readonly Photo[],
  others: readonly OtherPhoto[],
  rules: EvidenceRules = DEFAULT_EVIDENCE_RULES,
): EvidenceFinding[] {
  const findings: EvidenceFinding[] = [];
  const misconductAt = Date.parse(complaint.dateOfMisconduct);
  for (const photo of photos) {
    const takenAt = photo.metadata?.takenAt;
    if (photo.metadata && !takenAt) findings.push({ kind: 'noCaptureTime', fileId: photo.fileId });
    else if (takenAt) {
      const minutesAfter = Math.round((Date.parse(takenAt) - misconductAt) / 60_000);
      if (minutesAfter < -rules.minutesBefore || minutesAfter > rules.minutesAfter)
        findings.push({ kind: 'takenOutsideWindow', fileId: photo.fileId, takenAt, minutesAfter });
    }
    const software = photo.metadata && editingSoftware(photo.metadata);
    if (software) findings.push({ kind: 'edited', fileId: photo.fileId, software });
    const seen = new Set<number>();
    const matches = others
      .map((other) => ({
        other,
        match:
          other.sha256 === photo.sha256
            ? ('identical' as const)
            : other.dhash && photo.dhash && hammingDistance(other.dhash, photo.dhash) <= rules.similarBits
              ? ('similar' as const)
              : null,
      }))
      .filter((m): m is { other: OtherPhoto; match: 'identical' | 'similar' } => m.match !== null)
      .sort((a, b) => (a.match === b.match ? a.other.complaintId - b.other.complaintId : a.match === 'identical' ? -1 : 1));
    for (const { other, match } of matches) {
      if (seen.has(other.complaintId)) continue;
      seen.add(other.complaintId);
      findings.push({ kind: 'duplicate', fileId: photo.fileId, match, other: { id: other.complaintId, refNo: other.refNo } });
    }
  }
  const placed = photos.filter((photo) => photo.metadata?.gps);
  let furthest: { fileIds: [string, string]; meters: number } | null = null;
  for (let i = 0; i < placed.length; i += 1) {
    for (let j = i + 1; j < placed.length; j += 1) {
      const meters = metersBetween(placed[i]!.metadata!.gps!, placed[j]!.metadata!.gps!);
      if (meters > rules.farApartMeters && (!furthest || meters > furthest.meters))
        furthest = { fileIds: [placed[i]!.fileId, placed[j]!.fileId], meters: Math.round(meters) };
    }
  }
  if (furthest) findings.push({ kind: 'farApart', ...furthest });
  return findings;
}
