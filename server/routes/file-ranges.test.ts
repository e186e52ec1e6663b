import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFileResponseSchema } from '../../contract/files';
import { expectProblem } from '../test/expect-problem';
import { multipartFile } from '../test/multipart';
import { createTestApp } from '../test/test-app';

// Issue 33: a stored file is read from wherever it is kept (a folder or a bucket: this file runs
// in both projects), whole or by byte range, by any process over the same storage.

let t: Awaited<ReturnType<typeof createTestApp>>;
let photo: Buffer;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  photo = await sharp({
    create: { width: 900, height: 600, channels: 3, background: '#777', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  const { payload, headers } = multipartFile(photo, { filename: 'site.jpg', contentType: 'image/jpeg' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/files',
    payload,
    headers: { ...headers, ...(await t.signIn('officer')) },
  });
  url = uploadFileResponseSchema.parse(res.json()).data.url;
});
afterAll(() => t.close());

const get = (headers: Record<string, string> = {}, query = '') => t.app.inject({ method: 'GET', url: url + query, headers });
const etag = () => `"${createHash('sha256').update(photo).digest('hex')}"`;

describe('GET /api/v1/files/:id by range', () => {
  it('answers the whole original with its length, its hash and that ranges are served', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(photo)).toBe(true);
    expect(res.headers['content-length']).toBe(String(photo.length));
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers.etag).toBe(etag());
    expect(res.headers['repr-digest']).toBe(`sha-256=:${createHash('sha256').update(photo).digest('base64')}:`);
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=100-', 100, -1],
    ['bytes=-50', -50, -1],
    ['bytes=10-999999999', 10, -1],
  ])('answers %s with 206 and exactly those bytes', async (range, start, end) => {
    const res = await get({ range });
    const from = start < 0 ? photo.length + start : start;
    const to = end < 0 ? photo.length - 1 : end;
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${from}-${to}/${photo.length}`);
    expect(res.headers['content-length']).toBe(String(to - from + 1));
    expect(res.rawPayload.equals(photo.subarray(from, to + 1))).toBe(true);
  });

  it('answers 416 naming the size for a range past the end, and no bytes', async () => {
    const res = await get({ range: `bytes=${photo.length}-` });
    expectProblem(res, 416);
    expect(res.headers['content-range']).toBe(`bytes */${photo.length}`);
    expect(res.json()).toMatchObject({ code: 'rangeNotSatisfiable' });
  });

  it('answers the whole for a range it does not serve (several, not bytes, malformed) or an If-Range that does not match', async () => {
    for (const range of ['bytes=0-1,5-9', 'items=0-5', 'bytes=abc', 'bytes=9-2'])
      expect((await get({ range })).statusCode, range).toBe(200);
    expect((await get({ range: 'bytes=0-9', 'if-range': '"an older version"' })).statusCode).toBe(200);
    expect((await get({ range: 'bytes=0-9', 'if-range': etag() })).statusCode).toBe(206);
  });

  it('serves a WebP copy by range too', async () => {
    const whole = await get({}, '&variant=display');
    expect(whole.statusCode).toBe(200);
    const part = await get({ range: 'bytes=0-11' }, '&variant=display');
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(0, 12))).toBe(true);
    expect(part.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
  });
});

describe('two processes over one storage', () => {
  it('serves from the other process what one process stored, original and copies', async () => {
    const other = await t.anotherProcess();
    const { payload, headers } = multipartFile(photo, { filename: 'again.jpg', contentType: 'image/jpeg' });
    const res = await other.inject({
      method: 'POST',
      url: '/api/v1/files',
      payload,
      headers: { ...headers, ...(await t.signIn('officer')) },
    });
    const stored = uploadFileResponseSchema.parse(res.json()).data;
    const original = await t.app.inject({ method: 'GET', url: stored.url });
    expect(original.rawPayload.equals(photo)).toBe(true);
    const thumb = await t.app.inject({ method: 'GET', url: `${stored.url}&variant=thumb` });
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');
  });
});
