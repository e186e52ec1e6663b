import { randomUUID } from 'node:crypto';

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartFile(bytes: Uint8Array, { field = 'file', filename = 'photo.png', contentType = 'image/png' } = {}) {
  const boundary = `----complaint-desk-${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Bytes that begin like each image type and then carry `size` bytes in all. */
export const imageBytes = {
  png: (size = 64) => withHeader([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], size),
  jpeg: (size = 64) => withHeader([0xff, 0xd8, 0xff, 0xe0], size),
  webp: (size = 64) => withHeader([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50], size),
  gif: (size = 64) => withHeader([0x47, 0x49, 0x46, 0x38, 0x39, 0x61], size),
};

function withHeader(header: number[], size: number) {
  const bytes = new Uint8Array(size);
  bytes.set(header);
  return bytes;
}
