import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress';
import { createTestApp } from '../test/test-app';

/*
 * What crosses the wire (issue 17): the SPA's files go as the build compressed them, hashed
 * ones cached for good and the rest revalidated by ETag; API answers above 8 KB are compressed
 * as the client accepts, smaller ones go as they are (server/plugins/compression.ts).
 */

const spaDir = mkdtempSync(join(tmpdir(), 'spa-'));
const script = `console.log(${JSON.stringify('complaint desk '.repeat(400))});\n`;
/** A chunk of the size most of the app's are (well under a kilobyte). */
const small = `import { a as t } from './app-Ab12Cd34.js';\n${['title', 'detail', 'retry', 'back'].map((key) => `export const ${key} = () => t('errors.${key}', { defaultValue: '${key}' });`).join('\n')}\n`;
const translation = JSON.stringify({ hello: 'Hello', words: 'word '.repeat(500) });
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  mkdirSync(join(spaDir, 'assets'));
  mkdirSync(join(spaDir, 'locales', 'en'), { recursive: true });
  writeFileSync(join(spaDir, 'index.html'), `<!doctype html><title>Complaint Desk</title>${'<!-- padding -->'.repeat(100)}`);
  writeFileSync(join(spaDir, 'assets', 'app-Ab12Cd34.js'), script);
  writeFileSync(join(spaDir, 'assets', 'tiny-Ef56Gh78.js'), 'export {};\n');
  writeFileSync(join(spaDir, 'assets', 'small-Ij90Kl12.js'), small);
  writeFileSync(join(spaDir, 'locales', 'en', 'translation.json'), translation);
  expect(precompressDir(spaDir).count).toBe(4);
  t = await createTestApp({ spaDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(spaDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the SPA’s files', () => {
  it('go as the build compressed them, Brotli first, and hashed ones are cached for good', async () => {
    const br = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      vary: expect.stringContaining('accept-encoding'),
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(br.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    // Too small to gain what the headers cost: no compressed copy, sent as it is.
    expect((await get('/assets/tiny-Ef56Gh78.js', { 'accept-encoding': 'br' })).headers['content-encoding']).toBeUndefined();
    // Under a kilobyte but worth it: compressed like the rest.
    const smallBr = await get('/assets/small-Ij90Kl12.js', { 'accept-encoding': 'br' });
    expect(small.length).toBeLessThan(1024);
    expect(smallBr.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(smallBr.rawPayload).toString()).toBe(small);
    expect(smallBr.rawPayload.length).toBeLessThan(small.length / 2);
  });

  it('index.html and the locales are asked again each time and answered 304 while unchanged', async () => {
    for (const url of ['/', '/manage-complaint/history-complaint', '/locales/en/translation.json']) {
      const first = await get(url, { 'accept-encoding': 'br' });
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['cache-control'], url).toBe('no-cache');
      expect(first.headers['content-encoding'], url).toBe('br');
      const etag = first.headers.etag as string;
      expect(etag, url).toBeTruthy();
      const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
    }
    expect(
      JSON.parse(brotliDecompressSync((await get('/locales/en/translation.json', { 'accept-encoding': 'br' })).rawPayload).toString()),
    ).toEqual(JSON.parse(translation));
  });
});

describe('API answers', () => {
  it('above 8 KB are compressed as the client accepts; the same JSON either way', async () => {
    const headers = await t.signIn('verifier');
    const url = '/api/v1/complaints?history=true&limit=100';
    const plain = await get(url, headers);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(url, { ...headers, 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const gz = await get(url, { ...headers, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    // A CSV export, streamed, too.
    const csv = await get('/api/v1/complaints.csv?history=true', { ...headers, 'accept-encoding': 'gzip' });
    expect(csv.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(csv.rawPayload).toString()).toContain('CMP-2026-000064');
  });

  it('of 8 KB or less go as they are: the bell’s poll pays no compression', async () => {
    const health = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
    const poll = await get('/api/v1/notifications?limit=1000&isRead=2', { ...(await t.signIn('verifier')), 'accept-encoding': 'br, gzip' });
    expect(poll.rawPayload.length).toBeGreaterThan(1024);
    expect(poll.rawPayload.length).toBeLessThanOrEqual(8 * 1024);
    expect(poll.headers['content-encoding']).toBeUndefined();
  });
});
