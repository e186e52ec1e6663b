import { setupWorker } from 'msw/browser';
import { webStoragePersistence } from './db-persistence';
import { resetMockDb, setMockDbPersistence } from './db';
import { faultHandler, faults } from './fault-injection';
import { handlers } from './handlers';
import { setMockLatency } from './latency';

const STORAGE_KEY = 'complaint-desk-mock-db';
/** Enough to see loading states without slowing QA runs noticeably. */
const BROWSER_LATENCY_MS = 150;

declare global {
  interface Window {
    /** For QA tests: back to the fixture data set without closing the tab. */
    __mockDb?: { reset: () => void };
    /** For QA tests: make calls to a path fail (see fault-injection.ts). */
    __mockFaults?: typeof faults;
  }
}

export async function startMockWorker() {
  setMockDbPersistence(webStoragePersistence(window.sessionStorage, STORAGE_KEY));
  setMockLatency(BROWSER_LATENCY_MS);
  window.__mockDb = { reset: resetMockDb };
  window.__mockFaults = faults;

  const worker = setupWorker(faultHandler, ...handlers);
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
  });
  return worker;
}
