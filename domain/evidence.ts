import type { Coordinates } from '../contract/complaints';
import { type EvidenceFinding, NO_METADATA, type PhotoMetadata } from '../contract/evidence';
import { offsetMs } from './exports';

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
  /** Metres two photos of one complaint may be apart, or an officer's photo from where the officer stood (default 500). */
  farApartMeters: number;
  /** dHash bits two images may differ in and still be the same picture (of 64; default 6). */
  similarBits: number;
}

export const DEFAULT_EVIDENCE_RULES: EvidenceRules = { minutesBefore: 24 * 60, minutesAfter: 60, farApartMeters: 500, similarBits: 6 };

/** One photo of the complaint, with what is known of it. */
export interface Photo {
  fileId: string;
  /** The officer's evidence of the misconduct, or the contractor's with a justification. */
  kind: 'complaint' | 'justification';
  sha256: string;
  /** 64-bit difference hash as 16 hex digits, or null when none could be made. */
  dhash: string | null;
  /**
   * Null for a photo uploaded before photos were read (the seeded pictures among them, which the
   * demo data shares between complaints): nothing is said of it, nor is it compared.
   */
  metadata: PhotoMetadata | null;
}

/** A photo of another complaint the caller may see, with the same hash or a near one. */
export interface OtherPhoto {
  complaintId: number;
  refNo: string;
  /** Whose complaint it is: a duplicate on another contractor's is not for the contractor's eyes. */
  organizationId: number;
  sha256: string;
  dhash: string | null;
  /** Whether it was read when it came; one uploaded before is not compared. */
  read: boolean;
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

/** Bits set in a hash written as hex. */
function bitsSet(hex: string): number {
  let bits = 0;
  for (const digit of hex) {
    let x = Number.parseInt(digit, 16);
    while (x) {
      bits += x & 1;
      x >>= 1;
    }
  }
  return bits;
}

/**
 * Whether a difference hash tells pictures apart: a flat or nearly flat image (a blank, a
 * solid colour) has almost every bit alike, and would seem near every other such image.
 */
export function isTellingDhash(dhash: string | null): dhash is string {
  if (!dhash || !/^[0-9a-f]{16}$/.test(dhash)) return false;
  const bits = bitsSet(dhash);
  return bits >= 8 && bits <= 56;
}

/** Bits that differ between two 64-bit hashes written as hex. */
export function hammingDistance(a: string, b: string): number {
  let bits = 0;
  for (let i = 0; i < Math.max(a.length, b.length); i += 1)
    bits += bitsSet((Number.parseInt(a[i] ?? '0', 16) ^ Number.parseInt(b[i] ?? '0', 16)).toString(16));
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
 * How far an officer's photo was taken from where the officer stood, when that is further than
 * `farApartMeters` and both positions' stated accuracy (either unknown counts as exact); null
 * when it is not, or when either position is not known.
 */
export function farFromOfficer(
  officer: Coordinates | null | undefined,
  photo: PhotoMetadata['gps'],
  farApartMeters: number,
): number | null {
  if (!officer || !photo) return null;
  const meters = metersBetween(officer, photo);
  return meters > farApartMeters + (officer.accuracyMeters ?? 0) + (photo.accuracyMeters ?? 0) ? Math.round(meters) : null;
}

/**
 * What a complaint's photos say: each photo's time against the stated date of misconduct,
 * a missing time, an editor, the same picture on another complaint (each other complaint once,
 * identical before similar), an officer's photo far from where the officer stood, and the two
 * photos furthest apart when they are too far.
 */
export function evidenceFindings(
  complaint: { dateOfMisconduct: string; coordinates?: Coordinates | null },
  photos: readonly Photo[],
  others: readonly OtherPhoto[],
  rules: EvidenceRules = DEFAULT_EVIDENCE_RULES,
): EvidenceFinding[] {
  const findings: EvidenceFinding[] = [];
  const misconductAt = Date.parse(complaint.dateOfMisconduct);
  const comparable = others.filter((other) => other.read);
  for (const photo of photos) {
    if (!photo.metadata) continue;
    const takenAt = photo.metadata.takenAt;
    // The window is the officer's: a contractor's photo may well show the site put right days later.
    const timed = photo.kind === 'complaint';
    if (timed && !takenAt) findings.push({ kind: 'noCaptureTime', fileId: photo.fileId });
    else if (timed && takenAt) {
      const minutesAfter = Math.round((Date.parse(takenAt) - misconductAt) / 60_000);
      if (minutesAfter < -rules.minutesBefore || minutesAfter > rules.minutesAfter)
        findings.push({ kind: 'takenOutsideWindow', fileId: photo.fileId, takenAt, minutesAfter });
    }
    const software = editingSoftware(photo.metadata);
    if (software) findings.push({ kind: 'edited', fileId: photo.fileId, software });
    const seen = new Set<number>();
    const matches = comparable
      .map((other) => ({
        other,
        match:
          other.sha256 === photo.sha256
            ? ('identical' as const)
            : isTellingDhash(other.dhash) && isTellingDhash(photo.dhash) && hammingDistance(other.dhash, photo.dhash) <= rules.similarBits
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
    const away = photo.kind === 'complaint' ? farFromOfficer(complaint.coordinates, photo.metadata.gps, rules.farApartMeters) : null;
    if (away !== null) findings.push({ kind: 'farFromOfficer', fileId: photo.fileId, meters: away });
  }
  const placed = photos.filter((photo) => photo.kind === 'complaint' && photo.metadata?.gps);
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

/** The authority's zone, for a capture time that names no offset (Malaysia has one, and no summer time). */
export const DEFAULT_PHOTO_ZONE = 'Asia/Kuala_Lumpur';

const tagText = (value: unknown, max: number) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null);

/** `YYYY:MM:DD HH:MM:SS` (EXIF's wall-clock time) with `±HH:MM`, or in `zone` when it has none. */
function captureInstant(wall: unknown, offset: unknown, zone: string): { takenAt: string; offsetKnown: boolean } | null {
  const match = typeof wall === 'string' ? /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(wall) : null;
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const asUtc = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  if (Number.isNaN(asUtc) || y! < 1990) return null;
  const named = typeof offset === 'string' ? /^([+-])(\d{2}):(\d{2})$/.exec(offset.trim()) : null;
  const offsetMinutes = named
    ? (named[1] === '-' ? -1 : 1) * (Number(named[2]) * 60 + Number(named[3]))
    : offsetMs(asUtc - offsetMs(asUtc, zone), zone) / 60_000;
  const sign = offsetMinutes < 0 ? '-' : '+';
  const two = (n: number) => String(Math.floor(Math.abs(n))).padStart(2, '0');
  const local = `${y}-${two(mo!)}-${two(d!)}T${two(h!)}:${two(mi!)}:${two(s!)}`;
  return { takenAt: `${local}${sign}${two(offsetMinutes / 60)}:${two(offsetMinutes % 60)}`, offsetKnown: Boolean(named) };
}

/**
 * What a photo says about itself, from the EXIF tags a reader found (exifr's names, raw values:
 * `latitude`/`longitude` in degrees) or null when it found none, and the size its decoder saw.
 */
export function photoMetadataOf(
  tags: Record<string, unknown> | null,
  size: { width: number | null; height: number | null },
  zone = DEFAULT_PHOTO_ZONE,
): PhotoMetadata {
  if (!tags) return { ...NO_METADATA, ...size };
  const taken = captureInstant(tags.DateTimeOriginal ?? tags.CreateDate, tags.OffsetTimeOriginal ?? tags.OffsetTime, zone);
  const { latitude, longitude } = tags as { latitude?: unknown; longitude?: unknown };
  const placed =
    typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180;
  const accuracy = tags.GPSHPositioningError;
  return {
    takenAt: taken?.takenAt ?? null,
    takenAtOffsetKnown: taken?.offsetKnown ?? false,
    gps: placed ? { latitude, longitude, accuracyMeters: typeof accuracy === 'number' && accuracy >= 0 ? accuracy : null } : null,
    cameraMake: tagText(tags.Make, 100),
    cameraModel: tagText(tags.Model, 100),
    software: tagText(tags.Software, 200),
    ...size,
  };
}

/**
 * What a complaint's findings say for the lists' "with findings" filter and the dashboard's count,
 * kept with the complaint: `own`, a finding anyone who sees the complaint sees (the neutral
 * missing capture time is none); `elsewhere`, a duplicate on another organisation's complaint,
 * which that complaint's contractor does not see.
 */
export const FINDING_FLAGS = { own: 1, elsewhere: 2 } as const;

export function evidenceFlags(findings: readonly EvidenceFinding[], organizationId: number, others: readonly OtherPhoto[]): number {
  const organizationOf = new Map(others.map((other) => [other.complaintId, other.organizationId]));
  let flags = 0;
  for (const finding of findings) {
    if (finding.kind === 'noCaptureTime') continue;
    const elsewhere = finding.kind === 'duplicate' && organizationOf.get(finding.other.id) !== organizationId;
    flags |= elsewhere ? FINDING_FLAGS.elsewhere : FINDING_FLAGS.own;
  }
  return flags;
}

/** The flags a caller's "with findings" asks for: a contractor's users see no other organisation's duplicate. */
export const findingsMask = (contractorOrganizationId: number | null): number =>
  contractorOrganizationId === null ? FINDING_FLAGS.own | FINDING_FLAGS.elsewhere : FINDING_FLAGS.own;
