import { describe, expect, it } from 'vitest';
import { imageDownloadUrl, imageVariantUrl } from './image-address';

describe('image addresses', () => {
  it('asks the signed address for a smaller copy, or for the original to save', () => {
    const signed = '/api/v1/files/5f0c?exp=1700000000&sig=abc';
    expect(imageVariantUrl(signed, 'thumb')).toBe(`${signed}&variant=thumb`);
    expect(imageVariantUrl(signed, 'display')).toBe(`${signed}&variant=display`);
    expect(imageDownloadUrl(signed)).toBe(`${signed}&download=1`);
    expect(imageVariantUrl('/fixtures/images/site-1.png', 'thumb')).toBe('/fixtures/images/site-1.png?variant=thumb');
  });

  it('leaves alone an address that is the bytes themselves', () => {
    for (const address of ['data:image/png;base64,iVBORw0KGgo=', 'blob:http://localhost:3000/7c1e']) {
      expect(imageVariantUrl(address, 'thumb')).toBe(address);
      expect(imageDownloadUrl(address)).toBe(address);
    }
  });
});
