import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { demoAccounts, DEMO_PASSWORD } from '@fixtures';
import { server } from '@mocks/node';
import { answerProblem } from '@mocks/http';
import { problems } from '@domain';
import { useRootStore } from '@/stores/root-store';
import { signInAs } from '@/test/render';
import { renderApp } from '@/test/render-app';

describe('route guards and the session', { timeout: 30_000 }, () => {
  it.each(['/', '/register', '/forgot-password', '/forgot-password-otp?email=a%40b.co', '/reset-password'])(
    'sends a signed-in user from %s to the dashboard',
    async (path) => {
      signInAs('officer');
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    },
  );

  it('sends a signed-in user on sign-in to the page asked for', async () => {
    signInAs('officer');
    const { router } = renderApp('/?redirect=%2Fprofile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('leaves an activation link reachable when signed in', async () => {
    signInAs('officer');
    const { router } = renderApp('/account/activation/some-code');
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/activation/some-code');
  });

  it('sends a signed-out user from the profile to sign-in, keeping the way back', async () => {
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toEqual({ redirect: '/profile' });
  });

  it('ends the session on a 401 and returns to the same page after signing in again', async () => {
    signInAs('officer');
    server.use(http.get('*/api/v1/me', () => answerProblem(problems.unauthorized()), { once: true }));
    const { router } = renderApp('/profile');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toEqual({ redirect: '/profile' });
    expect(useRootStore.getState().auth.token).toBeNull();

    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^e-mail/i }), demoAccounts.officer.email);
    await user.type(screen.getByLabelText(/^password/i, { selector: 'input' }), DEMO_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(await screen.findByRole('heading', { name: 'Personal details' })).toBeInTheDocument();
  });

  it('shows a saved name in the header at once', async () => {
    signInAs('verifier');
    renderApp('/profile');
    const user = userEvent.setup();
    const details = await screen.findByRole('region', { name: 'Personal details' });
    const name = within(details).getByRole('textbox', { name: /^full name/i });
    await user.clear(name);
    await user.type(name, 'Lim Wei Ling (QA)');
    await user.click(within(details).getByRole('button', { name: 'Save changes' }));

    const header = screen.getByRole('banner');
    await waitFor(() => expect(within(header).getByRole('img', { name: 'Lim Wei Ling (QA)' })).toBeInTheDocument());
  });
});
