/// <reference lib="webworker" />
/**
 * The installed app's service worker (issue 47), built by vite-plugin-pwa (injectManifest) into
 * /sw.js in the real build only; mock mode keeps MSW's own worker (src/main.tsx).
 *
 * - The app shell (index.html, the start-up code and styles, the signed-in frame), the screens an
 *   officer uses in the field, the locales, the manifests and icons are precached: the app opens
 *   with no network. Their hashed files cost nothing more when the page already has them (no
 *   revision: taken from the HTTP cache); the rest of the code is kept as it is first loaded.
 * - Navigations answer the precached index.html (the same release as the code it names);
 *   /api/ and /files/ are never answered from here: the app keeps its own copies of what it may
 *   show offline, per user (src/lib/offline-copies.ts).
 * - A new release waits until the page tells it to take over (SKIP_WAITING), which the page does
 *   at a navigation, never in the middle of a form (src/lib/app-worker.ts).
 * - A Background Sync asks an open window to send the queue: the window holds the session.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { OUTBOX_SYNC_TAG, SEND_OUTBOX, SKIP_WAITING } from './messages';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** Background Sync's event (not in TypeScript's WebWorker library yet). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/files\//, /^\/metrics/, /^\/mockServiceWorker\.js/, /^\/sw\.js/],
  }),
);

// The code of screens opened since: hashed names, so kept as first fetched.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  new CacheFirst({
    cacheName: 'assets',
    plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

// The app's own pictures (the menu's icons, the default avatar): shown as last fetched, renewed
// behind. Stored files (/files/, signed and per user) are never kept here.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.destination === 'image' && /^\/(images|fixtures\/images)\//.test(url.pathname),
  new StaleWhileRevalidate({ cacheName: 'images', plugins: [new ExpirationPlugin({ maxEntries: 100, purgeOnQuotaError: true })] }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

// The first release takes the open page at once (it has nothing to replace); later ones wait.
clientsClaim();

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((windows) => {
      for (const window of windows) window.postMessage({ type: SEND_OUTBOX });
    }),
  );
});
