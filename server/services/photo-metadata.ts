import exifr from 'exifr';
import sharp from 'sharp';
import type { PhotoMetadata } from '../../contract/evidence';
import { DEFAULT_PHOTO_ZONE, photoMetadataOf } from '../../domain/evidence';

/*
 * What a photo says about itself (issue 35), read from the original as uploaded, before the
 * copies shown are made without it: exifr for the EXIF, sharp for the size and a perceptual hash.
 */

/** Capture time, place, camera, editor and size of an image; what it does not say stays null. */
export async function readPhotoMetadata(bytes: Uint8Array, zone = DEFAULT_PHOTO_ZONE): Promise<PhotoMetadata> {
  const tags = (await exifr
    .parse(Buffer.from(bytes), { tiff: true, exif: true, gps: true, reviveValues: false, translateValues: false })
    .catch(() => null)) as Record<string, unknown> | null;
  const { width, height } = await sharp(bytes)
    .metadata()
    .catch(() => ({ width: undefined, height: undefined }));
  return photoMetadataOf(tags ?? null, { width: width ?? null, height: height ?? null }, zone);
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
