import { http, HttpResponse } from 'msw';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '@mocks/node';
import { i18nOptions, LANGUAGES } from './i18n';
import { LanguageDetector } from './language-detector';
import { TranslationBackend } from './translation-backend';

const BASE = 'http://localhost:3000/';

/** Answers each read of `lng` with the next status in `statuses` (then 200). */
function serveTranslations(statuses: number[]) {
  const reads: number[] = [];
  server.use(
    http.get(`${BASE}locales/:lng/:ns.json`, ({ params }) => {
      const status = statuses[reads.length] ?? 200;
      reads.push(Date.now());
      if (status === 0) return HttpResponse.error();
      if (status !== 200) return new HttpResponse(null, { status });
      return HttpResponse.json({ hello: `hello in ${String(params.lng)}` });
    }),
  );
  return reads;
}

async function load(lng: string) {
  const instance = i18next.createInstance().use(TranslationBackend);
  const { detection: _d, ...options } = i18nOptions(BASE);
  await instance.init({ ...options, lng, fallbackLng: false, supportedLngs: false });
  return instance;
}

describe('translation loading', () => {
  it('reads ./locales/{lng}/{ns}.json with {{ }} placeholders and no escaping', async () => {
    serveTranslations([]);
    const i18n = await load('ms');
    expect(i18n.t('hello')).toBe('hello in ms');
    expect(i18n.options.interpolation).toMatchObject({ escapeValue: false, prefix: '{{', suffix: '}}' });
  });

  it('retries server errors and network failures, waiting 350 ms then doubling', async () => {
    const reads = serveTranslations([500, 0, 503]);
    const i18n = await load('en');
    expect(reads).toHaveLength(4);
    expect(i18n.t('hello')).toBe('hello in en');
    const waits = reads.slice(1).map((t, i) => t - reads[i]!);
    expect(waits[0]).toBeGreaterThanOrEqual(340);
    expect(waits[1]).toBeGreaterThanOrEqual(690);
    expect(waits[2]).toBeGreaterThanOrEqual(1390);
  });

  it('does not retry a client error', async () => {
    const reads = serveTranslations([404]);
    const i18n = await load('en');
    await new Promise((r) => setTimeout(r, 500));
    expect(reads).toHaveLength(1);
    expect(i18n.t('hello')).toBe('hello');
  });

  it('gives up after 5 retries', async () => {
    const reads = serveTranslations([500, 500, 500, 500, 500, 500, 500]);
    // 350 + 700 + 1400 + 2800 + 5600 ms of waiting before the last read.
    await load('en');
    expect(reads).toHaveLength(6);
  }, 15_000);

  it('keeps the limits of SPEC §9', () => {
    expect(i18nOptions(BASE)).toMatchObject({
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      fallbackLng: 'en',
      defaultNS: 'translation',
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'sessionStorage'],
        lookupQuerystring: 'lng',
        lookupCookie: 'i18next',
        lookupLocalStorage: 'i18nextLng',
        lookupSessionStorage: 'i18nextLng',
      },
    });
  });
});

describe('the language a visitor asked for', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    document.cookie = 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    localStorage.removeItem('i18nextLng');
    sessionStorage.removeItem('i18nextLng');
  });

  /** i18next as the app starts it, with the words given here instead of read. */
  async function start() {
    const instance = i18next.createInstance().use(LanguageDetector);
    const { backend: _b, ...options } = i18nOptions(BASE);
    await instance.init({
      ...options,
      resources: Object.fromEntries(LANGUAGES.map(({ code }) => [code, { translation: { hello: code } }])),
    });
    return instance;
  }

  it('is English when nothing asks otherwise', async () => {
    expect((await start()).resolvedLanguage).toBe('en');
  });

  it('is taken from ?lng=, then the i18next cookie, then local storage, then session storage', async () => {
    sessionStorage.setItem('i18nextLng', 'ms');
    expect((await start()).resolvedLanguage).toBe('ms');
    localStorage.setItem('i18nextLng', 'en');
    expect((await start()).resolvedLanguage).toBe('en');
    document.cookie = 'i18next=ms';
    expect((await start()).resolvedLanguage).toBe('ms');
    window.history.replaceState(null, '', '/?lng=en');
    expect((await start()).resolvedLanguage).toBe('en');
  });

  it('takes a regional code as its language, and passes over one it does not have', async () => {
    localStorage.setItem('i18nextLng', 'ms-MY');
    expect((await start()).resolvedLanguage).toBe('ms');
    window.history.replaceState(null, '', '/?lng=fr');
    expect((await start()).resolvedLanguage).toBe('ms');
  });

  it('keeps the language chosen in local storage', async () => {
    window.history.replaceState(null, '', '/?lng=ms');
    const i18n = await start();
    expect(localStorage.getItem('i18nextLng')).toBe('ms');
    await i18n.changeLanguage('en');
    expect(localStorage.getItem('i18nextLng')).toBe('en');
  });
});
