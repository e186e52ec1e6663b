import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { NO_METADATA } from '../../contract/evidence';
import { hammingDistance } from '../../domain/evidence';
import { differenceHash, readPhotoMetadata } from './photo-metadata';

/** A photo as a phone writes one: a gradient, with the EXIF given (sharp writes it). */
function photo(exif: Parameters<ReturnType<typeof sharp>['withExif']>[0] | null, { width = 320, height = 240, flip = false } = {}) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1)
      pixels.fill(Math.round((255 * (flip ? width - x : x)) / width) ^ (y & 32 ? 60 : 0), (y * width + x) * 3, (y * width + x) * 3 + 3);
  const image = sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 });
  return (exif ? image.withExif(exif) : image).toBuffer();
}

describe('what a photo says about itself', () => {
  it('reads the capture time with its offset, the place and its accuracy, the camera, the editor and the size', async () => {
    const bytes = await photo({
      IFD0: { Make: 'samsung', Model: 'SM-G998B', Software: 'Adobe Photoshop 25.1' },
      IFD2: { DateTimeOriginal: '2026:11:23 10:00:00', OffsetTimeOriginal: '+08:00' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '3/1 8/1 5208/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '101/1 41/1 4308/100',
        GPSHPositioningError: '5/1',
      },
    });
    expect(await readPhotoMetadata(bytes)).toEqual({
      takenAt: '2026-11-23T10:00:00+08:00',
      takenAtOffsetKnown: true,
      gps: { latitude: expect.closeTo(3.1478, 4), longitude: expect.closeTo(101.6953, 4), accuracyMeters: 5 },
      cameraMake: 'samsung',
      cameraModel: 'SM-G998B',
      software: 'Adobe Photoshop 25.1',
      width: 320,
      height: 240,
    });
  });

  it('reads a time without an offset in the authority’s zone, and says so', async () => {
    const bytes = await photo({ IFD2: { DateTimeOriginal: '2026:11:20 09:30:00' } });
    const metadata = await readPhotoMetadata(bytes);
    expect(metadata).toMatchObject({ takenAt: '2026-11-20T09:30:00+08:00', takenAtOffsetKnown: false, gps: null, software: null });
    expect(Date.parse(metadata.takenAt!)).toBe(Date.parse('2026-11-20T01:30:00Z'));
    expect((await readPhotoMetadata(bytes, 'Europe/London')).takenAt).toBe('2026-11-20T09:30:00+00:00');
  });

  it('says nothing where the photo says nothing (a screenshot, a messaging app), and nothing of a broken file', async () => {
    expect(await readPhotoMetadata(await photo(null))).toEqual({ ...NO_METADATA, width: 320, height: 240 });
    expect(await readPhotoMetadata(new Uint8Array([1, 2, 3]))).toEqual(NO_METADATA);
  });

  it('hashes a picture so that a re-saved, resized copy is near and another picture is far', async () => {
    const original = (await differenceHash(await photo(null)))!;
    expect(original).toMatch(/^[0-9a-f]{16}$/);
    const smaller = await sharp(await photo(null))
      .resize(160, 120)
      .jpeg({ quality: 60 })
      .toBuffer();
    expect(hammingDistance(original, (await differenceHash(smaller))!)).toBeLessThanOrEqual(6);
    const other = (await differenceHash(await photo(null, { flip: true })))!;
    expect(hammingDistance(original, other)).toBeGreaterThan(20);
    expect(await differenceHash(new Uint8Array([1, 2, 3]))).toBeNull();
  });
});
