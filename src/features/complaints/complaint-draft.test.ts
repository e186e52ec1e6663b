import { describe, expect, it } from 'vitest';
import { draftImage, restorableImages } from './complaint-draft';

describe('a draft’s images', () => {
  const now = Date.parse('2026-11-28T10:00:00Z');
  const signed = (fileId: string, expiresInS: number) =>
    draftImage(fileId, `/api/v1/files/${fileId}?exp=${now / 1000 + expiresInS}&sig=abc`);

  it('come back while their signed address lives on, and are counted as lost after', () => {
    const images = [signed('a', 3600), signed('b', 60), signed('c', 600)];
    expect(restorableImages(images, now)).toEqual({ kept: [images[0], images[2]], lost: 1 });
  });

  it('held inline are kept without their bytes, so they count as lost rather than fill the browser’s storage', () => {
    const inline = draftImage('d', `data:image/png;base64,${'A'.repeat(1000)}`);
    expect(inline).toEqual({ fileId: 'd', url: '' });
    expect(restorableImages([inline], now)).toEqual({ kept: [], lost: 1 });
  });
});
