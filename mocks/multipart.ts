import type { UploadPart } from '@domain';

/**
 * Every part of a multipart/form-data request, read from the body's bytes; null when the
 * request names no boundary. The handler asks domain/ whether they are one image and nothing else.
 *
 * Not `request.formData()`: from Node 24 on, undici builds each file part with whatever the
 * global `File` is at that moment and then checks it against the `File` it captured at start-up.
 * Under jsdom (the SPA's component tests) the global `File` is jsdom's, so every upload was
 * refused as malformed. Reading the bytes gives the same answer in a browser and on every Node.
 */
export async function readParts(request: Request): Promise<UploadPart[] | null> {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(request.headers.get('content-type') ?? '');
  if (!match) return null;
  const body = new Uint8Array(await request.arrayBuffer().catch(() => new ArrayBuffer(0)));
  const delimiter = ascii(`\r\n--${match[1] ?? match[2]}`);
  // The first delimiter has no CRLF before it; pretend it had, so every part is found alike.
  const bytes = concat(ascii('\r\n'), body);
  const headerEnd = ascii('\r\n\r\n');
  const parts: UploadPart[] = [];
  for (let at = indexOf(bytes, delimiter, 0); at >= 0; ) {
    const start = at + delimiter.length + 2;
    const next = indexOf(bytes, delimiter, start);
    if (next < 0) break;
    const split = indexOf(bytes, headerEnd, start);
    // A part without headers still counts: it is one more than the image.
    const headers = split >= 0 && split < next ? String.fromCharCode(...bytes.subarray(start, split)) : '';
    parts.push({
      name: /content-disposition:[^\r\n]*;\s*name="([^"]*)"/i.exec(headers)?.[1] ?? '',
      isFile: /content-disposition:[^\r\n]*;\s*filename="/i.test(headers),
      bytes: split >= 0 && split < next ? bytes.slice(split + headerEnd.length, next) : new Uint8Array(0),
    });
    at = next;
  }
  return parts;
}

/** The bytes of the first file part named `name`, or null: for tests that answer uploads themselves. */
export async function readFilePart(request: Request, name: string): Promise<Uint8Array | null> {
  return (await readParts(request))?.find((part) => part.isFile && part.name === name)?.bytes ?? null;
}

const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

function concat(a: Uint8Array, b: Uint8Array) {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  for (let i = haystack.indexOf(first!, from); i >= 0 && i <= haystack.length - needle.length; i = haystack.indexOf(first!, i + 1)) {
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}
