import { hmac, safeEqual } from './tokens';

/** Signed addresses live an hour, rounded so a page's images stay cacheable within it. */
const LIFETIME_S = 3600;

/** Addresses kept at most; past it the cache starts over rather than grow. */
const MAX_CACHED = 10_000;

export interface FileUrls {
  url: (fileId: string) => string;
  verify: (fileId: string, exp: number, sig: string) => boolean;
}

export function fileUrls(secret: string, now = () => Date.now()): FileUrls {
  const sign = (fileId: string, exp: number) => hmac(secret, `${fileId}.${exp}`);
  // An address depends only on the file and the expiry, which moves once an hour: a list of
  // a thousand complaints signs each image once per hour, not once per request.
  let cachedExp = 0;
  const cache = new Map<string, string>();
  return {
    url(fileId) {
      const exp = (Math.floor(now() / 1000 / LIFETIME_S) + 2) * LIFETIME_S;
      if (exp !== cachedExp || cache.size >= MAX_CACHED) {
        cache.clear();
        cachedExp = exp;
      }
      let url = cache.get(fileId);
      if (url === undefined) cache.set(fileId, (url = `/api/v1/files/${fileId}?exp=${exp}&sig=${sign(fileId, exp)}`));
      return url;
    },
    verify(fileId, exp, sig) {
      return exp * 1000 > now() && safeEqual(sign(fileId, exp), sig);
    },
  };
}
