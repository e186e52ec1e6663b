import { randomUUID } from 'node:crypto';

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartFile(bytes: Uint8Array, { field = 'file', filename = 'photo.png', contentType = 'image/png' } = {}) {
  const boundary = `----complaint-desk-${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Real images of a chosen size (the server decodes every upload). */
export { imageBytes } from './image-bytes';
