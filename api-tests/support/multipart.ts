import type { FilePart } from './client';

/**
 * A multipart/form-data body as a browser's FormData sends it, built by hand so that both
 * drivers send exactly the same bytes whatever the Node version's FormData does.
 */
export function multipartBody(parts: readonly FilePart[]): { bytes: Uint8Array<ArrayBuffer>; contentType: string } {
  const boundary = `----complaint-desk-${Math.random().toString(36).slice(2)}`;
  const encoder = new TextEncoder();
  const chunks = parts.flatMap(({ name, bytes, filename, contentType }) => [
    encoder.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"` +
        (filename === undefined ? '' : `; filename="${filename}"`) +
        (contentType === undefined ? '' : `\r\nContent-Type: ${contentType}`) +
        '\r\n\r\n',
    ),
    bytes,
    encoder.encode('\r\n'),
  ]);
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  const out: Uint8Array<ArrayBuffer> = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return { bytes: out, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Bytes that begin like each image type and then carry `size` bytes in all. */
export const imageBytes = {
  png: (size = 64) => withHeader([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52], size),
  jpeg: (size = 64) => withHeader([0xff, 0xd8, 0xff, 0xe0], size),
  webp: (size = 64) => withHeader([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50], size),
  gif: (size = 64) => withHeader([0x47, 0x49, 0x46, 0x38, 0x39, 0x61], size),
};

function withHeader(header: number[], size: number) {
  const bytes = new Uint8Array(size);
  bytes.set(header);
  return bytes;
}
