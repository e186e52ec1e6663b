import type { FileVariant } from '@contract';

/**
 * A stored image's smaller copy (contract/files.ts): its signed address with `variant`, which
 * the signature does not cover. An address that is the bytes themselves (a `data:` URL, a
 * `blob:` preview of a file being chosen) has no copies and stays as it is.
 */
export function imageVariantUrl(address: string, variant: FileVariant): string {
  return withParam(address, 'variant', variant);
}

/** The original as uploaded, sent to be saved rather than shown. */
export function imageDownloadUrl(address: string): string {
  return withParam(address, 'download', '1');
}

function withParam(address: string, name: string, value: string) {
  if (/^(data|blob):/i.test(address)) return address;
  return `${address}${address.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;
}
