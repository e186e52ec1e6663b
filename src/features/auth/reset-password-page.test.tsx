import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '@mocks/node';
import { answerProblem } from '@mocks/http';
import { problems } from '@domain';
import { renderWithApp } from '@/test/render';
import { keepResetGrant, readResetGrant } from './reset-grant';
import { ResetPasswordPage } from './reset-password-page';

const NEW_PASSWORD = 'Kampung#Baru-2026';
const EMAIL = 'officer@example.com';

afterEach(() => server.events.removeAllListeners());

function grantFor(minutes: number) {
  keepResetGrant({ resetToken: 'token-123', email: EMAIL, expiresAt: new Date(Date.now() + minutes * 60_000).toISOString() });
}

async function fillAndSubmit() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^new password/i, { selector: 'input' }), NEW_PASSWORD);
  await user.type(screen.getByLabelText(/^confirm password/i, { selector: 'input' }), NEW_PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ResetPasswordPage', { timeout: 20_000 }, () => {
  it('explains a visit without a token and links back to forgot password', async () => {
    renderWithApp(<ResetPasswordPage />, { path: '/reset-password' });
    expect(await screen.findByRole('heading', { name: 'Ask for a code first' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText(/^new password/i)).not.toBeInTheDocument();
  });

  it('treats an expired token as none', async () => {
    grantFor(-1);
    renderWithApp(<ResetPasswordPage />, { path: '/reset-password' });
    expect(await screen.findByRole('heading', { name: 'Ask for a code first' })).toBeInTheDocument();
  });

  it('sets the new password with the token and offers sign-in', async () => {
    grantFor(10);
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/auth/reset-password', async ({ request }) => {
        bodies.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderWithApp(<ResetPasswordPage />, { path: '/reset-password' });
    await fillAndSubmit();

    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(bodies).toEqual([{ resetToken: 'token-123', password: NEW_PASSWORD }]);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/?email=${encodeURIComponent(EMAIL)}`);
    expect(readResetGrant()).toBeNull();
  });

  it('explains a token the server refuses and links back to forgot password', async () => {
    grantFor(10);
    server.use(http.post('*/api/v1/auth/reset-password', () => answerProblem(problems.resetTokenInvalid())));
    renderWithApp(<ResetPasswordPage />, { path: '/reset-password' });
    await fillAndSubmit();

    expect(await screen.findByRole('alert')).toHaveTextContent(/expired or was already used/);
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute(
      'href',
      `/forgot-password?email=${encodeURIComponent(EMAIL)}`,
    );
    expect(readResetGrant()).toBeNull();
  });
});
