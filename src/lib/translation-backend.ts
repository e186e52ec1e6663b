import type { BackendModule, ReadCallback } from 'i18next';

export interface TranslationBackendOptions {
  /** Where a language's words are, with `{{lng}}` and `{{ns}}` in it. */
  loadPath: string;
}

/** A language or namespace as i18next names them: never anything that could change the path. */
const CODE = /^[A-Za-z0-9_-]+$/;

/**
 * Reads `loadPath` for i18next, as its backend plugin. A failure it may outlive (a server error, no
 * network) is marked for i18next to retry (`maxRetries`, `retryTimeout`); a 4xx or a file that is
 * not JSON is not. What i18next-http-backend did for this one path, without the bytes of its other
 * transports and options (issue 31's budget for the sign-in page). A plain `fetch`, so that it takes
 * the response `index.html` preloads.
 */
export class TranslationBackend implements BackendModule<TranslationBackendOptions> {
  static readonly type = 'backend';
  readonly type = 'backend';
  private loadPath = '';

  init(_services: unknown, options: TranslationBackendOptions) {
    this.loadPath = options.loadPath;
  }

  read(language: string, namespace: string, callback: ReadCallback) {
    if (!CODE.test(language) || !CODE.test(namespace)) return callback(new Error(`No translations for “${language}”`), false);
    const url = this.loadPath.replace('{{lng}}', language).replace('{{ns}}', namespace);
    fetch(url).then(
      async (response) => {
        if (!response.ok) return callback(`failed loading ${url}; status code: ${response.status}`, response.status >= 500);
        let words: unknown;
        try {
          words = await response.json();
        } catch {
          return callback(`failed parsing ${url} to json`, false);
        }
        callback(null, words as Parameters<ReadCallback>[1]);
      },
      (error: Error) => callback(`failed loading ${url}: ${error.message}`, true),
    );
  }
}
