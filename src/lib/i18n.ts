import i18n, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LanguageDetector, type DetectionOptions } from './language-detector';
import { TranslationBackend, type TranslationBackendOptions } from './translation-backend';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'ms', label: 'Bahasa Melayu' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

/**
 * SPEC §8–9. i18next's backend connector retries a read the backend marks retryable
 * (`TranslationBackend` does so for 5xx and network failures, never for 4xx), waiting
 * `retryTimeout` and doubling it each time, with at most `maxParallelReads` in flight.
 */
export const TRANSLATION_LOADING = { maxRetries: 5, retryTimeout: 350, maxParallelReads: 10 };

export function i18nOptions(baseUrl: string): InitOptions<TranslationBackendOptions> {
  return {
    fallbackLng: 'en',
    supportedLngs: LANGUAGES.map((l) => l.code),
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false, prefix: '{{', suffix: '}}' },
    backend: { loadPath: `${baseUrl}locales/{{lng}}/{{ns}}.json` },
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage'],
      lookupQuerystring: 'lng',
      lookupCookie: 'i18next',
      lookupLocalStorage: 'i18nextLng',
      lookupSessionStorage: 'i18nextLng',
      caches: ['localStorage'],
    } satisfies DetectionOptions,
    react: { useSuspense: false },
    ...TRANSLATION_LOADING,
  };
}

// Dates keep SPEC §9's fixed format (DD-MM-YYYY hh:mm:ss A) in every language.
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

/** Loads the detected language over HTTP; resolves even if loading failed (keys then show). */
export async function initI18n(baseUrl = new URL(import.meta.env.BASE_URL, window.location.href).href) {
  await i18n.use(TranslationBackend).use(LanguageDetector).use(initReactI18next).init(i18nOptions(baseUrl));
  return i18n;
}

export default i18n;
