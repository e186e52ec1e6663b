/**
 * What the page and the service worker say to each other (issue 47). Kept apart from both, as the
 * service worker is built on its own (vite-plugin-pwa's injectManifest) and imports nothing of the app.
 */

/** The page tells a waiting release to take over (at a navigation, or from "A new version is ready"). */
export const SKIP_WAITING = 'skip-waiting';

/** The service worker asks an open window to send its queue (a Background Sync event fired). */
export const SEND_OUTBOX = 'send-outbox';

/** The Background Sync tag the queue registers when something waits to be sent. */
export const OUTBOX_SYNC_TAG = 'outbox';
