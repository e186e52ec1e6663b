import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SEND_OUTBOX } from '@/service-worker/messages';
import { useRootStore } from '@/stores/root-store';
import { onRegistered, refreshOutbox, sendOutbox } from './outbox';

/** How often an open app tries the queue while something waits. */
export const SEND_EVERY_MS = 60_000;

/**
 * Sends the signed-in user's queue by itself: when the app opens, when the browser says the
 * network is back, when the service worker's Background Sync asks, and every minute while open.
 * A complaint registered so makes the lists and the bell fetch again.
 */
export function useOutboxSending() {
  const owner = useRootStore((s) => s.auth.user?.id ?? null);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (owner === null) return;
    const send = () => void sendOutbox().catch((error: unknown) => console.error('Sending the queue failed', error));
    void refreshOutbox().then(send);
    const whenOnline = () => send();
    window.addEventListener('online', whenOnline);
    const timer = window.setInterval(() => {
      if (navigator.onLine !== false) send();
    }, SEND_EVERY_MS);
    // The service worker's Background Sync fired (lib/app-worker.ts passes it on).
    window.addEventListener(SEND_OUTBOX, whenOnline);
    const stopRegistered = onRegistered(() => {
      void queryClient.invalidateQueries({ queryKey: ['complaints'] });
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    });
    return () => {
      window.removeEventListener('online', whenOnline);
      window.clearInterval(timer);
      window.removeEventListener(SEND_OUTBOX, whenOnline);
      stopRegistered();
    };
  }, [owner, queryClient]);
}

/** The queue sending, as a part of the header's badge (loaded only while something waits). */
export default function OutboxSending() {
  useOutboxSending();
  return null;
}
