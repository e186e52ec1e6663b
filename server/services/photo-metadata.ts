import exifr from 'exifr';
import sharp from 'sharp';
import { NO_METADATA, type PhotoMetadata } from '../../contract/evidence';
import { offsetMs } from '../../domain/exports';

/*
 * What a photo says about itself (issue 35), read from the original as uploaded, before the
 * copies shown are made without it: exifr for the EXIF, sharp for the size and a perceptual hash.
 */

/** The authority's zone, for a capture time that names no offset (Malaysia has one, and no summer time). */
export const DEFAULT_PHOTO_ZONE = 'Asia/Kuala_Lumpur';

const text = (value: unknown, max: number) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null);

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

/** Capture time, place, camera, editor and size of an image; what it does not say stays null. */
export async function readPhotoMetadata(bytes: Uint8Array, zone = DEFAULT_PHOTO_ZONE): Promise<PhotoMetadata> {
  const tags = (await exifr
    .parse(Buffer.from(bytes), { tiff: true, exif: true, gps: true, reviveValues: false, translateValues: false })
    .catch(() => null)) as Record<string, unknown> | null;
  const { width, height } = await sharp(bytes)
    .metadata()
    .catch(() => ({ width: undefined, height: undefined }));
  if (!tags) return { ...NO_METADATA, width: width ?? null, height: height ?? null };
  const taken = captureInstant(tags.DateTimeOriginal ?? tags.CreateDate, tags.OffsetTimeOriginal ?? tags.OffsetTime, zone);
  const { latitude, longitude } = tags as { latitude?: number; longitude?: number };
  const placed = typeof latitude === 'number' && typeof longitude === 'number' && Number.isFinite(latitude) && Number.isFinite(longitude);
  const accuracy = typeof tags.GPSHPositioningError === 'number' ? tags.GPSHPositioningError : null;
  return {
    takenAt: taken?.takenAt ?? null,
    takenAtOffsetKnown: taken?.offsetKnown ?? false,
    gps: placed && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { latitude, longitude, accuracyMeters: accuracy } : null,
    cameraMake: text(tags.Make, 100),
    cameraModel: text(tags.Model, 100),
    software: text(tags.Software, 200),
    width: width ?? null,
    height: height ?? null,
  };
}

/**
 * A 64-bit difference hash (dHash) as 16 hex digits: the picture shrunk to 9×8 greys, each bit
 * whether a pixel is darker than its right neighbour. Re-saving, resizing or a little cropping
 * changes few bits; another picture about half. Null when the image cannot be decoded.
 */
export async function differenceHash(bytes: Uint8Array): Promise<string | null> {
  const pixels = await sharp(bytes)
    .rotate()
    .greyscale()
    .resize(9, 8, { fit: 'fill' })
    .raw()
    .toBuffer()
    .catch(() => null);
  if (!pixels) return null;
  let hex = '';
  for (let row = 0; row < 8; row += 1) {
    let byte = 0;
    for (let x = 0; x < 8; x += 1) byte = (byte << 1) | (pixels[row * 9 + x]! < pixels[row * 9 + x + 1]! ? 1 : 0);
    hex += byte.toString(16).padStart(2, '0');
  }
  return hex;
}
