import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '@mocks/node';
import { answerProblem } from '@mocks/http';
import { problems } from '@domain';
import { renderWithApp } from '@/test/render';
import { ActivationPage } from './activation-page';

afterEach(() => server.events.removeAllListeners());

/** Answers every activation with `answer` (once `until` settles) and records the codes. */
function activationAnswers(answer: () => Response, until: Promise<unknown> = Promise.resolve()) {
  const codes: string[] = [];
  server.use(
    http.post('*/api/v1/auth/activate', async ({ request }) => {
      codes.push(((await request.json()) as { code: string }).code);
      await until;
      return answer();
    }),
  );
  return codes;
}

function renderPage(code = 'abc123') {
  return renderWithApp(<ActivationPage code={code} />, { path: `/account/activation/${code}`, strict: true });
}

describe('ActivationPage', { timeout: 20_000 }, () => {
  it('activates once, even under StrictMode, and offers sign-in with the e-mail filled in', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const codes = activationAnswers(() => HttpResponse.json({ data: { email: 'nur@example.com' } }), answered);
    renderPage('abc123');

    expect(await screen.findByRole('heading', { name: 'Activating your account' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Activating your account…');
    answer();
    expect(await screen.findByRole('heading', { name: 'Your account is active' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/?email=nur%40example.com');
    expect(codes).toEqual(['abc123']);
  });

  it('says a used link was used and offers sign-in', async () => {
    activationAnswers(() => answerProblem(problems.linkUsed()));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This link was already used' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/');
  });

  it('says an expired link expired and offers to register again', async () => {
    activationAnswers(() => answerProblem(problems.linkExpired(24)));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register again' })).toHaveAttribute('href', '/register');
  });

  it('says an unknown link is not valid', async () => {
    renderPage('no-such-code');
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it('offers a retry when the server fails', async () => {
    activationAnswers(() => HttpResponse.json({}, { status: 503 }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Could not activate the account' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong on our side');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
