import { notifications } from '@mantine/notifications';

/** SPEC §4 toast timings. */
export const TOAST_DURATION = { blank: 4000, error: 4000, success: 2000 } as const;
export const TOAST_LIMIT = 20;
export const TOAST_WIDTH = 350;

export const toast = {
  blank: (message: string, title?: string) =>
    notifications.show({ message, title, autoClose: TOAST_DURATION.blank }),
  success: (message: string, title?: string) =>
    notifications.show({ message, title, color: 'green', autoClose: TOAST_DURATION.success }),
  error: (message: string, title?: string) =>
    notifications.show({ message, title, color: 'red', autoClose: TOAST_DURATION.error }),
  /** Stays until dismissed or replaced; returns its id. */
  loading: (message: string, title?: string) =>
    notifications.show({ message, title, loading: true, autoClose: false, withCloseButton: true }),
  dismiss: (id: string) => notifications.hide(id),
};
