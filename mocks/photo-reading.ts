import type { PhotoMetadata } from '@contract/evidence';
import { photoMetadataOf } from '@domain';
import exifr from 'exifr';

/*
 * What an upload says about itself, read as the server reads it (server/services/photo-metadata.ts):
 * the EXIF tags with exifr, turned into metadata by domain/evidence.ts; and its SHA-256. The mocks
 * decode no pixels, so the size is what the tags say and there is no difference hash.
 */
export async function readUpload(bytes: Uint8Array): Promise<{ sha256: string; metadata: PhotoMetadata }> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  const sha256 = Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
  const tags = ((await exifr
    .parse(bytes, { tiff: true, exif: true, gps: true, ihdr: true, reviveValues: false, translateValues: false })
    .catch(() => null)) ?? null) as Record<string, unknown> | null;
  const size = (name: string) => {
    const value = tags?.[`Exif${name}`] ?? tags?.[name];
    return typeof value === 'number' && value > 0 ? Math.round(value) : null;
  };
  return { sha256, metadata: photoMetadataOf(tags, { width: size('ImageWidth'), height: size('ImageHeight') }) };
}
