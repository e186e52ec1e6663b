import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onSendRequested } from '@/lib/background-sync';
import { countUnsentWith } from '@/lib/unsent-work';
import { useRootStore } from '@/stores/root-store';
import { onRegistered, refreshOutbox, sendOutbox, unsent, useOutbox } from './outbox';

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
    const stopAsked = onSendRequested(send);
    // Signing out with complaints still waiting asks first (the account menu).
    const stopCounting = countUnsentWith(() => unsent(useOutbox.getState().items).length);
    const stopRegistered = onRegistered(() => {
      void queryClient.invalidateQueries({ queryKey: ['complaints'] });
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    });
    return () => {
      window.removeEventListener('online', whenOnline);
      window.clearInterval(timer);
      stopAsked();
      stopCounting();
      stopRegistered();
    };
  }, [owner, queryClient]);
}
