import { crc32 } from 'node:zlib';

/** 1×1 images as sharp encodes them: the smallest files a decoder reads whole. */
const PIXEL = {
  png: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVQImWP4z8AAAAMBAQCc479ZAAAAAElFTkSuQmCC',
  jpeg: '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCKALXj/9k=',
  webp: 'UklGRhwAAABXRUJQVlA4TA8AAAAvAAAAAAcQ/Y/+ByKi/wEA',
};
const pixel = (type: keyof typeof PIXEL) => Buffer.from(PIXEL[type], 'base64');

/**
 * Real images of exactly `size` bytes (default: as small as they come), padded where every
 * decoder skips: JPEG comment segments, a private PNG chunk, an unknown RIFF chunk in WebP.
 * The server decodes each upload, so bytes that only begin like an image no longer do.
 */
export const imageBytes = {
  png: (size?: number) =>
    padded(pixel('png'), size, 12, (image, n) => Buffer.concat([image.subarray(0, -12), pngChunk('prVt', n - 12), image.subarray(-12)])),
  jpeg: (size?: number) =>
    padded(pixel('jpeg'), size, 4, (image, n) => Buffer.concat([image.subarray(0, 2), ...jpegComments(n), image.subarray(2)])),
  /** RIFF files have an even length. */
  webp: (size?: number) =>
    padded(pixel('webp'), size, 8, (image, n) => {
      if (n % 2 !== 0) throw new Error('a WebP file has an even length');
      const out = Buffer.concat([image, Buffer.alloc(n)]);
      out.write('PADx', image.length, 'latin1');
      out.writeUInt32LE(n - 8, image.length + 4);
      out.writeUInt32LE(out.length - 8, 4);
      return out;
    }),
  /** Only the first bytes: GIF is refused by its signature, before any decoding. */
  gif: (size = 64) => {
    const bytes = new Uint8Array(size);
    bytes.set([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]);
    return bytes;
  },
};

/** The image as it is, or with `size - image.length` bytes of padding, at least `least` (the padding's own header). */
function padded(image: Buffer, size: number | undefined, least: number, pad: (image: Buffer, n: number) => Buffer): Uint8Array {
  if (size === undefined || size === image.length) return image;
  const n = size - image.length;
  if (n < least) throw new Error(`no image of ${size} bytes: at least ${image.length + least}`);
  return pad(image, n);
}

function pngChunk(type: string, length: number) {
  const out = Buffer.alloc(12 + length);
  out.writeUInt32BE(length, 0);
  out.write(type, 4, 'latin1');
  out.writeUInt32BE(crc32(out.subarray(4, 8 + length)), 8 + length);
  return out;
}

/** JPEG COM segments (each at most 65,537 bytes with its marker and length) filling `n` bytes. */
function jpegComments(n: number): Buffer[] {
  const segments: Buffer[] = [];
  while (n > 0) {
    // Never leave a remainder too short for a segment of its own.
    const take = n > 65_537 ? Math.min(65_537, n - 4) : n;
    const segment = Buffer.alloc(take);
    segment.set([0xff, 0xfe]);
    segment.writeUInt16BE(take - 2, 2);
    segments.push(segment);
    n -= take;
  }
  return segments;
}
