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

/** Real images of a chosen size (the server decodes every upload). */
export { imageBytes } from '../../server/test/image-bytes';
