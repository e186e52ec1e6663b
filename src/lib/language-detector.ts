import type { LanguageDetectorModule } from 'i18next';

/** Where a chosen language may be found, in SPEC §9's order, and where it is kept. */
export interface DetectionOptions {
  order: readonly ('querystring' | 'cookie' | 'localStorage' | 'sessionStorage')[];
  lookupQuerystring: string;
  lookupCookie: string;
  lookupLocalStorage: string;
  lookupSessionStorage: string;
  caches: readonly 'localStorage'[];
}

/** A browser's storage, or null where it is refused (a private window, a blocked site). */
function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

function cookie(name: string) {
  const pair = document.cookie.split('; ').find((entry) => entry.startsWith(`${name}=`));
  if (pair === undefined) return null;
  try {
    return decodeURIComponent(pair.slice(name.length + 1));
  } catch {
    return null;
  }
}

const LOOKUPS = {
  querystring: (o: DetectionOptions) => new URLSearchParams(window.location.search).get(o.lookupQuerystring),
  cookie: (o: DetectionOptions) => cookie(o.lookupCookie),
  localStorage: (o: DetectionOptions) => storage('localStorage')?.getItem(o.lookupLocalStorage) ?? null,
  sessionStorage: (o: DetectionOptions) => storage('sessionStorage')?.getItem(o.lookupSessionStorage) ?? null,
};

/**
 * The language a visitor asked for, as i18next's detector plugin: every language found, in the
 * order of `detection.order`, for i18next to take the first it supports (English when none); the
 * chosen one is kept in local storage. What i18next-browser-languagedetector did for these four
 * places, in a tenth of its bytes on the sign-in page (issue 31's budget).
 */
export class LanguageDetector implements LanguageDetectorModule {
  static readonly type = 'languageDetector';
  readonly type = 'languageDetector';
  private options: DetectionOptions | undefined;

  init(_services: unknown, options: object) {
    this.options = options as DetectionOptions;
  }

  detect() {
    const options = this.options;
    if (!options) return undefined;
    return options.order.map((place) => LOOKUPS[place](options)).filter((found): found is string => Boolean(found));
  }

  cacheUserLanguage(lng: string) {
    if (!this.options || lng === 'cimode') return;
    for (const place of this.options.caches) storage(place)?.setItem(this.options.lookupLocalStorage, lng);
  }
}
