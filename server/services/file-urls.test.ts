import { describe, expect, it } from 'vitest';
import { fileUrls } from './file-urls';

const FILE = '2819724f-18aa-4c1e-9d6e-4a1c6b1f7a01';
const OTHER = '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d';
const params = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams) as { exp: string; sig: string };

describe('fileUrls', () => {
  it('gives a file the same signed address within the hour, and a new one when the hour turns', () => {
    let now = Date.UTC(2026, 10, 21, 10, 5);
    const urls = fileUrls('secret', () => now);
    const first = urls.url(FILE);
    now += 50 * 60_000;
    expect(urls.url(FILE)).toBe(first);
    // Cached or not, an address is what a fresh signer makes at that moment.
    expect(first).toBe(fileUrls('secret', () => now).url(FILE));
    expect(urls.url(OTHER)).not.toBe(first);

    now += 10 * 60_000;
    const next = urls.url(FILE);
    expect(next).not.toBe(first);
    expect(next).toBe(fileUrls('secret', () => now).url(FILE));
    const { exp, sig } = params(next);
    expect(urls.verify(FILE, Number(exp), sig)).toBe(true);
    expect(urls.verify(OTHER, Number(exp), sig)).toBe(false);
  });
});
