import exifr from 'exifr';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { uploadFileResponseSchema } from '../../contract/files';
import { dhashBands } from '../../domain/evidence';
import { files } from '../db/schema';
import { multipartFile } from '../test/multipart';
import { createTestApp } from '../test/test-app';

// What only the server has (issue 35): each upload's own testimony, read with exifr before the
// copies shown are made without it, kept with the file; the original stays as it came.

let t: Awaited<ReturnType<typeof createTestApp>>;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = await t.signIn('officer');
});
afterAll(() => t.close());

it('keeps what a photo says about itself with the file, and the copies shown say nothing', async () => {
  // Noise, so the picture has a telling difference hash (a flat one's is not indexed).
  const photo = await sharp({
    create: {
      width: 640,
      height: 480,
      channels: 3,
      background: { r: 90, g: 140, b: 60 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .withExif({
      IFD0: { Make: 'samsung', Model: 'SM-A546E' },
      IFD2: { DateTimeOriginal: '2026:11:23 10:00:00', OffsetTimeOriginal: '+08:00' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '3/1 8/1 5208/100', GPSLongitudeRef: 'E', GPSLongitude: '101/1 41/1 4308/100' },
    })
    .toBuffer();
  const body = multipartFile(photo, { filename: 'site.jpg', contentType: 'image/jpeg' });
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/files', payload: body.payload, headers: { ...body.headers, ...headers } });
  expect(res.statusCode).toBe(201);
  const { data } = uploadFileResponseSchema.parse(res.json());

  const [row] = await t.db.select().from(files).where(eq(files.id, data.id));
  expect(row!.metadata).toEqual({
    takenAt: '2026-11-23T10:00:00+08:00',
    takenAtOffsetKnown: true,
    gps: { latitude: expect.closeTo(3.1478, 4), longitude: expect.closeTo(101.6953, 4), accuracyMeters: null },
    cameraMake: 'samsung',
    cameraModel: 'SM-A546E',
    software: null,
    width: 640,
    height: 480,
  });
  expect(row!.dhash).toMatch(/^[0-9a-f]{16}$/);
  expect(row!.dhashBands).toEqual(dhashBands(row!.dhash!));

  // The original comes back byte for byte, its testimony in it; the copy shown has none.
  const original = await t.app.inject({ method: 'GET', url: data.url });
  expect(Buffer.compare(original.rawPayload, photo)).toBe(0);
  const copy = await t.app.inject({ method: 'GET', url: `${data.url}&variant=display` });
  expect(copy.statusCode).toBe(200);
  expect(await exifr.parse(copy.rawPayload).catch(() => undefined)).toBeUndefined();
});

it('does not index the hash of a flat picture, which would seem near every other flat one', async () => {
  const flat = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 255, g: 255, b: 255 } } })
    .png()
    .toBuffer();
  const body = multipartFile(flat, { filename: 'blank.png', contentType: 'image/png' });
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/files', payload: body.payload, headers: { ...body.headers, ...headers } });
  const { data } = uploadFileResponseSchema.parse(res.json());
  const [row] = await t.db.select().from(files).where(eq(files.id, data.id));
  expect(row!.dhash).toBe('0000000000000000');
  expect(row!.dhashBands).toBeNull();
});
