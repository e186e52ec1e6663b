import { OUTBOX_SYNC_TAG } from '@/service-worker/messages';

/*
 * The page's side of Background Sync (issue 47): the queue asks for one when something waits;
 * when it fires, the service worker asks the page, and lib/app-worker.ts dispatches SEND_OUTBOX
 * on the window for the queue's sender to hear.
 */

/** Asks the browser for a Background Sync when the network returns (where it has one); false where not. */
export async function requestBackgroundSync(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  const registration = await navigator.serviceWorker.getRegistration();
  const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
  if (!sync) return false;
  try {
    await sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}
