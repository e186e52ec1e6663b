import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { outbox } from '@mocks/mail';
import { api } from '@/lib/api-client';
import { inMalay } from '@/test/in-malay';
import { renderApp } from '@/test/render-app';
import { signInWithMenu } from '@/test/sign-in-with-menu';

/** The officer forgets the password: the mock mails a reset code. */
async function resetCodeMailed() {
  await api.post('api/v1/auth/forgot-password', { json: { email: 'officer@example.com' } });
  return /Your code: (\d{6})/.exec(outbox('officer@example.com')[0]!.text)![1]!;
}

describe('MailboxPage', { timeout: 60_000 }, () => {
  it('signed out, explains itself and offers sign-in back to the mailbox', async () => {
    renderApp('/apps/email/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mailbox' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to read your mail' })).toHaveAttribute('href', '/?redirect=%2Fapps%2Femail%2F');
  });

  it('lists the caller’s own messages and reads one with its code masked', async () => {
    const user = userEvent.setup();
    const code = await resetCodeMailed();
    await signInWithMenu('officer');
    const { router } = renderApp('/apps/email/');
    const row = (await screen.findByText('Your Complaint Desk password reset code')).closest('tr')!;
    expect(screen.queryByText('All outgoing')).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Read: Your Complaint Desk password reset code' }));
    const text = await within(await screen.findByRole('dialog', { name: 'Message' })).findByTestId('mail-text');
    expect(text).toHaveTextContent('Your code: ••••••');
    expect(text).not.toHaveTextContent(code);
    expect(router.state.location.pathname).toMatch(/^\/apps\/email\/\d+$/);
  });

  it('shows an administrator every outgoing message with its delivery, in Malay too', async () => {
    const user = userEvent.setup();
    await resetCodeMailed();
    await inMalay(async () => {
      await signInWithMenu('admin');
      renderApp('/apps/email/');
      await user.click(await screen.findByText('Semua mel keluar'));
      const row = (await screen.findByText('Kepada officer@example.com')).closest('tr')!;
      expect(within(row).getByText('Disimpan')).toBeInTheDocument();
    });
  });
});
