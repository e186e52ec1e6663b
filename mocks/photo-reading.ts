import type { PhotoMetadata } from '@contract/evidence';
import { photoMetadataOf } from '@domain';
import exifr from 'exifr';
import { sha256Hex } from './digest';

/*
 * What an upload says about itself, read as the server reads it (server/services/photo-metadata.ts):
 * the EXIF tags with exifr, turned into metadata by domain/evidence.ts; and its SHA-256. The mocks
 * decode no pixels, so the size is what the tags say and there is no difference hash.
 */
export async function readUpload(bytes: Uint8Array): Promise<{ sha256: string; metadata: PhotoMetadata }> {
  const sha256 = await sha256Hex(bytes);
  const tags = ((await exifr
    .parse(bytes, { tiff: true, exif: true, gps: true, ihdr: true, reviveValues: false, translateValues: false })
    .catch(() => null)) ?? null) as Record<string, unknown> | null;
  const size = (name: string) => {
    const value = tags?.[`Exif${name}`] ?? tags?.[name];
    return typeof value === 'number' && value > 0 ? Math.round(value) : null;
  };
  return { sha256, metadata: photoMetadataOf(tags, { width: size('ImageWidth'), height: size('ImageHeight') }) };
}
