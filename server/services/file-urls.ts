import { hmac, safeEqual } from './tokens';

/** Signed addresses live an hour, rounded so a page's images stay cacheable within it. */
const LIFETIME_S = 3600;

export interface FileUrls {
  url: (fileId: string) => string;
  verify: (fileId: string, exp: number, sig: string) => boolean;
}

export function fileUrls(secret: string, now = () => Date.now()): FileUrls {
  const sign = (fileId: string, exp: number) => hmac(secret, `${fileId}.${exp}`);
  return {
    url(fileId) {
      const exp = (Math.floor(now() / 1000 / LIFETIME_S) + 2) * LIFETIME_S;
      return `/api/v1/files/${fileId}?exp=${exp}&sig=${sign(fileId, exp)}`;
    },
    verify(fileId, exp, sig) {
      return exp * 1000 > now() && safeEqual(sign(fileId, exp), sig);
    },
  };
}
