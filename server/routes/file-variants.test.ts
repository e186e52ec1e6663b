import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFileResponseSchema } from '../../contract/files';
import { files } from '../db/schema';
import { expectProblem } from '../test/expect-problem';
import { multipartFile } from '../test/multipart';
import { createTestApp } from '../test/test-app';
import { variantKey } from '../services/file-store';
import { holds } from '../test/stored';
import { buffer } from 'node:stream/consumers';

// What only the server has: decoding each upload with sharp and the smaller copies it serves.
// The mocks cannot decode, so these are not in the API suite.

let t: Awaited<ReturnType<typeof createTestApp>>;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = await t.signIn('officer');
});
afterAll(() => t.close());

const hash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const upload = (bytes: Uint8Array, contentType = 'image/jpeg') => {
  const body = multipartFile(bytes, { filename: 'site.jpg', contentType });
  return t.app.inject({ method: 'POST', url: '/api/v1/files', payload: body.payload, headers: { ...body.headers, ...headers } });
};
const fetchFile = (url: string, query = '') => t.app.inject({ method: 'GET', url: url + query });
const rowCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(files))[0]!.n;
/** Whether any stored file holds exactly these bytes. */
const isOnDisk = (bytes: Uint8Array) => holds(t.storage, bytes);

/**
 * A phone photo: 4000×3000 of noise (so it weighs megabytes, as a real one does), taken
 * sideways (EXIF orientation 6), with the camera and the place it was taken in its EXIF.
 */
async function phonePhoto() {
  const [width, height] = [4000, 3000];
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i % 251) ^ ((Math.random() * 64) | 0);
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 75 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '3/1 8/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '101/1 41/1 0/1' },
    })
    .toBuffer();
}

/** EXIF carries its GPS block behind tag 0x8825, in either byte order. */
const hasGpsTag = (exif: Buffer | undefined) =>
  !!exif && (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25])));

describe('uploads are decoded', () => {
  it('refuses with 415 a PNG signature followed by PHP text, and keeps nothing of it', async () => {
    const before = await rowCount();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const polyglot = Buffer.concat([png.subarray(0, 16), Buffer.from('<?php system($_GET["c"]); ?>\n'.repeat(20))]);
    expectProblem(await upload(polyglot, 'image/png'), 415);
    expect(await rowCount()).toBe(before);
    expect(await isOnDisk(polyglot)).toBe(false);
  });

  it('refuses with 415 a JPEG cut short', async () => {
    const whole = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#a73' } })
      .jpeg()
      .toBuffer();
    const cut = whole.subarray(0, Math.floor(whole.length * 0.7));
    expectProblem(await upload(cut), 415);
    expect(await isOnDisk(cut)).toBe(false);
  });
});

describe('GET /api/v1/files/:id?variant=', () => {
  let photo: Buffer;
  let url: string;
  beforeAll(async () => {
    photo = await phonePhoto();
    const res = await upload(photo);
    expect(res.statusCode).toBe(201);
    url = uploadFileResponseSchema.parse(res.json()).data.url;
  });

  it('keeps the original byte for byte, with its SHA-256 recorded and sent, to download', async () => {
    const meta = await sharp(photo).metadata();
    expect(photo.length).toBeGreaterThan(2_000_000);
    expect(hasGpsTag(meta.exif)).toBe(true);
    const [row] = await t.db
      .select({ sha256: files.sha256 })
      .from(files)
      .where(eq(files.id, url.split('/').pop()!.split('?')[0]!));
    expect(row!.sha256).toBe(hash(photo));

    const original = await fetchFile(url, '&download=1');
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['content-disposition']).toMatch(/^attachment; filename="[0-9a-f-]{36}\.jpg"$/);
    expect(original.headers['repr-digest']).toBe(`sha-256=:${Buffer.from(row!.sha256, 'hex').toString('base64')}:`);
    expect(hash(original.rawPayload)).toBe(hash(photo));
    expect((await fetchFile(url)).headers['content-disposition']).toBe('inline');
  });

  it('serves an upright thumb and display copy at their sizes, with no EXIF or GPS', async () => {
    // The thumb's shorter edge is 200 px (its square slots crop it); the display copy fits in 1600 px.
    for (const [variant, width, height] of [
      ['thumb', 200, 267],
      ['display', 1200, 1600],
    ] as const) {
      const res = await fetchFile(url, `&variant=${variant}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, max-age=3600');
      const meta = await sharp(res.rawPayload).metadata();
      // Orientation 6 was applied: the 4000×3000 landscape stands as a portrait.
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(res.rawPayload.includes('PhoneMaker')).toBe(false);
      expect(res.rawPayload.length).toBeLessThan(photo.length / 4);
    }
  });

  it('makes the copies of a file stored before they existed on its first request, once for concurrent requests', async () => {
    const small = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#37a' } })
      .png()
      .toBuffer();
    const res = await upload(small, 'image/png');
    const file = uploadFileResponseSchema.parse(res.json()).data;
    const [row] = await t.db.select({ storageName: files.storageName }).from(files).where(eq(files.id, file.id));
    const thumbKey = variantKey(row!.storageName, 'thumb');
    await t.storage.remove([thumbKey]);

    const [a, b] = await Promise.all([fetchFile(file.url, '&variant=thumb'), fetchFile(file.url, '&variant=thumb')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    // Small images are never enlarged.
    expect(await sharp(a.rawPayload).metadata()).toMatchObject({ width: 120, height: 90 });
    expect((await buffer((await t.storage.read(thumbKey))!)).equals(a.rawPayload)).toBe(true);
  });

  it('answers 404 for a copy of a stored file that was never an image', async () => {
    const res = await upload(
      await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
      'image/png',
    );
    const file = uploadFileResponseSchema.parse(res.json()).data;
    const [row] = await t.db.select({ storageName: files.storageName }).from(files).where(eq(files.id, file.id));
    // As an upload from before decoding could be: the right first bytes, then anything.
    const notAnImage = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.from('<?php ?>')]);
    await t.storage.put(row!.storageName, notAnImage, 'image/png');
    await t.storage.remove([variantKey(row!.storageName, 'display')]);
    expectProblem(await fetchFile(file.url, '&variant=display'), 404);
  });

  it('answers 400 for a variant it does not make', async () => {
    expect(expectProblem(await fetchFile(url, '&variant=huge'), 400).errors).toHaveProperty('variant');
    expect(expectProblem(await fetchFile(url, '&download=yes'), 400).errors).toHaveProperty('download');
  });
});
