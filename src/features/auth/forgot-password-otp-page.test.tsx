import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OTP_RESEND_SECONDS } from '@contract/account-rules';
import { server } from '@mocks/node';
import { answerProblem } from '@mocks/http';
import { problems } from '@domain';
import { renderWithApp } from '@/test/render';
import { ForgotPasswordOtpPage } from './forgot-password-otp-page';
import { readResetGrant } from './reset-grant';

const EMAIL = 'officer@example.com';

afterEach(() => {
  server.events.removeAllListeners();
  vi.useRealTimers();
});

function boxes() {
  return screen.getAllByRole('textbox', { name: /^digit \d of 6$/i });
}

async function renderPage(email: string | undefined = EMAIL) {
  const view = renderWithApp(<ForgotPasswordOtpPage email={email} />, { path: '/forgot-password-otp' });
  await screen.findByRole('heading', { name: 'Enter the code' });
  return view;
}

/** Answers verify-otp with `answer` and records the codes tried. */
function verifyAnswers(answer: () => Response) {
  const tried: string[] = [];
  server.use(
    http.post('*/api/v1/auth/verify-otp', async ({ request }) => {
      tried.push(((await request.json()) as { code: string }).code);
      return answer();
    }),
  );
  return tried;
}

describe('ForgotPasswordOtpPage', { timeout: 20_000 }, () => {
  it('fills all six boxes from a pasted code, verifies it, and hands the token on outside the URL', async () => {
    const expiresAt = new Date(Date.now() + 15 * 60_000).toISOString();
    const tried = verifyAnswers(() => HttpResponse.json({ data: { resetToken: 'token-123', expiresAt } }));
    const user = userEvent.setup();
    const { router } = await renderPage();

    expect(screen.getByRole('group', { name: /one-time code/i })).toBeInTheDocument();
    expect(boxes()).toHaveLength(6);
    await user.click(boxes()[0]!);
    await user.paste('042 917');

    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'));
    expect(tried).toEqual(['042917']);
    expect(router.state.location.href).not.toContain('token-123');
    expect(readResetGrant()).toEqual({ resetToken: 'token-123', expiresAt, email: EMAIL });
  });

  it('takes digits only', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(boxes()[0]!);
    await user.keyboard('4a2');
    expect(boxes().map((box) => (box as HTMLInputElement).value)).toEqual(['4', '2', '', '', '', '']);
  });

  it('says how many tries are left after a wrong code and starts again from the first box', async () => {
    const tried = verifyAnswers(() => answerProblem(problems.codeInvalid(3)));
    const user = userEvent.setup();
    const { router } = await renderPage();
    await user.click(boxes()[0]!);
    await user.keyboard('111111');

    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong code, 3 tries left.');
    expect(tried).toEqual(['111111']);
    expect(boxes().every((box) => (box as HTMLInputElement).value === '')).toBe(true);
    expect(boxes()[0]).toHaveFocus();
    expect(router.state.location.pathname).toBe('/forgot-password-otp');
  });

  it('keeps only the server message when the emptied boxes are sent after a wrong code', async () => {
    verifyAnswers(() => answerProblem(problems.codeInvalid(4)));
    const user = userEvent.setup();
    await renderPage();
    await user.click(boxes()[0]!);
    await user.keyboard('111111');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong code, 4 tries left.');

    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Wrong code, 4 tries left.');
    expect(screen.queryByText('Enter all 6 digits of the code')).not.toBeInTheDocument();
    expect(boxes()[0]).toHaveFocus();
  });

  it('offers a new code at once when the code has expired', async () => {
    verifyAnswers(() => answerProblem(problems.codeExpired()));
    const user = userEvent.setup();
    await renderPage();
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeDisabled();
    await user.click(boxes()[0]!);
    await user.paste('123456');

    expect(await screen.findByRole('alert')).toHaveTextContent(/expired/);
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
  });

  it('lets a new code be asked for only after the countdown, then counts again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sent: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/api/v1/auth/forgot-password')) sent.push(request.method);
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderPage();
    const resend = screen.getByRole('button', { name: 'Resend code' });

    expect(resend).toBeDisabled();
    expect(screen.getByText(`You can ask for a new code in ${OTP_RESEND_SECONDS} seconds.`)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync((OTP_RESEND_SECONDS - 1) * 1000));
    expect(screen.getByText('You can ask for a new code in 1 second.')).toBeInTheDocument();
    expect(resend).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(resend).toBeEnabled();
    expect(sent).toEqual([]);

    await user.click(resend);
    expect(await screen.findByRole('status')).toHaveTextContent(`We sent a new code to ${EMAIL}.`);
    expect(sent).toEqual(['POST']);
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeDisabled();
    expect(screen.getByText(`You can ask for a new code in ${OTP_RESEND_SECONDS} seconds.`)).toBeInTheDocument();
  });

  it('explains when it does not know the e-mail', async () => {
    renderWithApp(<ForgotPasswordOtpPage />, { path: '/forgot-password-otp' });
    expect(await screen.findByText(/ask for a code first/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a code' })).toHaveAttribute('href', '/forgot-password');
  });
});
