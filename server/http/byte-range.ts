import type { ByteRange } from '../services/storage';

/**
 * What a `Range` header asks of an object of `size` bytes (RFC 9110 §14): the whole (no header,
 * one the server may ignore: not bytes, several ranges, malformed), one part, or nothing it has
 * (416). Suffixes (`bytes=-500`, the last 500) and open ends (`bytes=500-`) included.
 */
export function byteRangeOf(header: string | undefined, size: number): ByteRange | 'whole' | 'unsatisfiable' {
  const match = header && /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header);
  if (!match) return 'whole';
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return 'whole';
  if (first === '') {
    // The last N bytes; of an empty file there are none.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  // Malformed (an end before its start) is ignored; a start past the end is refused.
  if (last !== '' && end < start) return 'whole';
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
