import { notifications } from '@mantine/notifications';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { TOAST_DURATION } from '@/lib/toast';
import { inMalay } from '@/test/in-malay';
import { renderWithApp } from '@/test/render';
import { NotificationsGallery } from './notifications-gallery';

afterEach(() => act(() => notifications.clean()));

describe('NotificationsGallery', () => {
  it('says how long each kind of toast stays, as the toast module times it', async () => {
    renderWithApp(<NotificationsGallery />);
    for (const kind of Object.keys(TOAST_DURATION) as (keyof typeof TOAST_DURATION)[]) {
      const card = await screen.findByTestId(`toast-kind-${kind}`);
      expect(card).toHaveTextContent(`Stays: ${TOAST_DURATION[kind] / 1000} second`);
    }
    expect(screen.getByTestId('toast-kind-loading')).toHaveTextContent('Stays: until dismissed');
  });

  it('shows each kind of toast from its button', async () => {
    const user = userEvent.setup();
    renderWithApp(<NotificationsGallery />);
    await user.click(await screen.findByRole('button', { name: 'Show the Success toast' }));
    expect(await screen.findByText('Zon Pusat saved')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show the Loading toast' }));
    const loading = (await screen.findByText('Preparing the export…')).closest('.mantine-Notification-root') as HTMLElement;
    expect(within(loading).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
  });

  it('says the durations in Malay', async () => {
    await inMalay(async () => {
      renderWithApp(<NotificationsGallery />);
      expect(await screen.findByTestId('toast-kind-success')).toHaveTextContent(`Kekal: ${TOAST_DURATION.success / 1000} saat`);
    });
  });
});
