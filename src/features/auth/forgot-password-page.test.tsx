import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@mocks/node';
import { answerProblem } from '@mocks/http';
import { problems } from '@domain';
import { renderWithApp } from '@/test/render';
import { ForgotPasswordPage } from './forgot-password-page';

describe('ForgotPasswordPage', { timeout: 20_000 }, () => {
  it('asks for a code and goes on to the code page with the e-mail', async () => {
    const user = userEvent.setup();
    const { router } = renderWithApp(<ForgotPasswordPage />, { path: '/forgot-password' });
    await user.type(await screen.findByRole('textbox', { name: /^e-mail/i }), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password-otp'));
    expect(router.state.location.search).toEqual({ email: 'nobody@example.com' });
  });

  it('starts from the e-mail it is given', async () => {
    renderWithApp(<ForgotPasswordPage email="amin@example.com" />, { path: '/forgot-password' });
    expect(await screen.findByRole('textbox', { name: /^e-mail/i })).toHaveValue('amin@example.com');
  });

  it('says how long to wait when throttled, and keeps the e-mail', async () => {
    server.use(http.post('*/api/v1/auth/forgot-password', () => answerProblem(problems.throttled(540))));
    const user = userEvent.setup();
    const { router } = renderWithApp(<ForgotPasswordPage />, { path: '/forgot-password' });
    const email = await screen.findByRole('textbox', { name: /^e-mail/i });
    await user.type(email, 'amin@example.com{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 9 minutes.');
    expect(email).toHaveValue('amin@example.com');
    expect(router.state.location.pathname).toBe('/forgot-password');
  });
});
