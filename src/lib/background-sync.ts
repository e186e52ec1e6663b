import { OUTBOX_SYNC_TAG } from '@/service-worker/messages';

/*
 * The page's side of Background Sync (issue 47): the queue asks for one when something waits,
 * and is told when the service worker's sync event fires (src/app/service-worker.ts passes it on).
 */

const sendRequests = new Set<() => void>();

/** Calls `send` when the service worker asks the page to send the queue; returns how to stop. */
export function onSendRequested(send: () => void): () => void {
  sendRequests.add(send);
  return () => sendRequests.delete(send);
}

/** The service worker asked: every listener sends. */
export function sendRequested() {
  sendRequests.forEach((send) => send());
}

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
