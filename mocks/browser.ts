import { http, passthrough } from 'msw';
import { setupWorker } from 'msw/browser';
import { ageAccountCodes } from './account-codes';
import { currentTotpCode } from './second-factors';
import { addArchiveComplaints, resetMockDb, setMockDbStorage } from './db';
import { faultHandler, faults } from './fault-injection';
import { handlers } from './handlers';
import { setMockLatency } from './http';
import { outbox } from './mail';

/** Enough to see loading states without slowing QA runs noticeably. */
const BROWSER_LATENCY_MS = 150;

declare global {
  interface Window {
    /** For QA tests (docs/account-rules.md, "Test hooks"). */
    __mockDb?: {
      /** Back to the fixture data set without closing the tab. */
      reset: () => void;
      /** The mails sent to that address, newest first. */
      outbox: typeof outbox;
      /** Moves that user's activation links, codes and reset tokens `minutes` into the past. */
      ageAccountCodes: (email: string, minutes: number) => void;
      /** Adds that many older, decided complaints (fixtures/archive-complaints.ts). */
      addArchiveComplaints: (count: number) => void;
      /** The code that account's authenticator app shows now (its secret, or the one it is enrolling); null when none. */
      totpCode: (email: string) => string | null;
    };
    /** For QA tests: make calls to a path fail (see fault-injection.ts). */
    __mockFaults?: typeof faults;
  }
}

export async function startMockWorker() {
  setMockDbStorage(window.sessionStorage);
  setMockLatency(BROWSER_LATENCY_MS);
  window.__mockDb = { reset: resetMockDb, outbox, ageAccountCodes, addArchiveComplaints, totpCode: (email) => currentTotpCode(email) };
  window.__mockFaults = faults;

  // Every request of the page reaches the worker; MSW tries each handler in turn (a URL and the
  // page's cookies parsed per handler) before it lets one by, so the app's own files, its
  // scripts above all, are let by first.
  const notApi = http.all(/^(?![^?#]*\/api\/)/, () => passthrough());
  const worker = setupWorker(notApi, faultHandler, ...handlers);
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
  });
  return worker;
}
