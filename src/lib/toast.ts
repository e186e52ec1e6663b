import type { NotificationData } from '@mantine/notifications';
import i18n from 'i18next';
import { useSyncExternalStore } from 'react';

/** SPEC §4 toast timings. */
export const TOAST_DURATION = { blank: 4000, error: 4000, success: 2000 } as const;
export const TOAST_LIMIT = 20;
export const TOAST_WIDTH = 350;

/*
 * The toast container (with its transitions and portal) is loaded only once a toast is
 * asked for, so pages that never toast never fetch it. Toasts shown before it mounts wait
 * in the notifications store.
 */
let containerWanted = false;
const listeners = new Set<() => void>();

/** Shows a toast of any content (see `toast` for the usual ones); resolves to its id. */
export async function showToast(data: NotificationData): Promise<string> {
  if (!containerWanted) {
    containerWanted = true;
    listeners.forEach((notify) => notify());
  }
  const { notifications } = await import('@mantine/notifications');
  // The close button is an icon only: give it a name.
  return notifications.show({ closeButtonProps: { 'aria-label': i18n.t('common.dismiss') }, ...data });
}

export function useToastContainerWanted(): boolean {
  return useSyncExternalStore(
    (notify) => {
      listeners.add(notify);
      return () => listeners.delete(notify);
    },
    () => containerWanted,
  );
}

export const toast = {
  blank: (message: string, title?: string) => showToast({ message, title, autoClose: TOAST_DURATION.blank }),
  success: (message: string, title?: string) => showToast({ message, title, color: 'green', autoClose: TOAST_DURATION.success }),
  error: (message: string, title?: string) => showToast({ message, title, color: 'red', autoClose: TOAST_DURATION.error }),
  /** Stays until dismissed; resolves to its id. */
  loading: (message: string, title?: string) => showToast({ message, title, loading: true, autoClose: false, withCloseButton: true }),
  dismiss: async (id: string) => (await import('@mantine/notifications')).notifications.hide(id),
};
