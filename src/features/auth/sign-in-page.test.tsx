import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { demoAccounts, DEMO_PASSWORD } from '@fixtures';
import { server } from '@mocks/node';
import { answerProblem } from '@mocks/http';
import { problems } from '@domain';
import { apiPaths, type MeResponse } from '@contract';
import { api } from '@/lib/api-client';
import { useRootStore } from '@/stores/root-store';
import { renderWithApp } from '@/test/render';
import { SignInPage } from './sign-in-page';

const officer = demoAccounts.officer;

afterEach(() => server.events.removeAllListeners());

function fields() {
  return {
    email: screen.getByRole('textbox', { name: /e-mail/i }),
    password: screen.getByLabelText(/^password/i),
    remember: screen.getByRole('checkbox', { name: 'Remember me' }),
    submit: screen.getByRole('button', { name: 'Sign in' }),
  };
}

async function renderPage(props: { redirect?: string; email?: string } = {}) {
  const view = renderWithApp(<SignInPage {...props} />);
  await screen.findByRole('heading', { name: 'Sign in' });
  return view;
}

async function signInWith(email: string, password: string, { remember = false } = {}) {
  const user = userEvent.setup();
  const f = fields();
  await user.clear(f.email);
  if (email) await user.type(f.email, email);
  if (password) await user.type(f.password, password);
  if (remember !== (f.remember as HTMLInputElement).checked) await user.click(f.remember);
  await user.click(f.submit);
  return user;
}

describe('SignInPage', { timeout: 20_000 }, () => {
  it('asks for both fields on an empty submit and sends nothing', async () => {
    const requests: string[] = [];
    server.events.on('request:start', ({ request }) => requests.push(request.url));
    await renderPage();
    await signInWith('', '');

    expect(await screen.findByText('Enter your e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(requests).toEqual([]);
    expect(useRootStore.getState().auth.token).toBeNull();
  });

  it('shows an alert on a wrong password, clears the password and keeps the e-mail', async () => {
    const { router } = await renderPage();
    await signInWith(officer.email, 'wrong-password');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid e-mail or password');
    const f = fields();
    expect(f.password).toHaveValue('');
    expect(f.email).toHaveValue(officer.email);
    expect(useRootStore.getState().auth).toEqual({ token: null, user: null });
    expect(router.state.location.pathname).toBe('/');
  });

  it('stores the session and goes to the dashboard on correct officer credentials', async () => {
    const { router } = await renderPage();
    await signInWith(officer.email, DEMO_PASSWORD);

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const { auth } = useRootStore.getState();
    // The stored token is the officer's session: the API knows who calls with it.
    const me = await api.get(apiPaths.me).json<MeResponse>();
    expect(me.data.id).toBe(officer.id);
    expect(auth.user).toMatchObject({ id: officer.id, email: officer.email });
    expect(auth.user).not.toHaveProperty('password');
  });

  it('goes to the redirect path instead of the dashboard when one is given', async () => {
    const { router } = await renderPage({ redirect: '/manage-complaint/history-complaint' });
    await signInWith(officer.email, DEMO_PASSWORD);

    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-complaint/history-complaint'));
  });

  it('ignores a redirect that would leave the app', async () => {
    const { router } = await renderPage({ redirect: '//evil.example/steal' });
    await signInWith(officer.email, DEMO_PASSWORD);

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('remembers the e-mail when Remember me is ticked', async () => {
    const { router } = await renderPage();
    await signInWith(officer.email, DEMO_PASSWORD, { remember: true });

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(useRootStore.getState().remember.value).toBe(officer.email);
  });

  it('forgets a remembered e-mail when Remember me is unticked', async () => {
    useRootStore.getState().setRemember(officer.email);
    const { router } = await renderPage();
    await signInWith(officer.email, DEMO_PASSWORD, { remember: false });

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(useRootStore.getState().remember.value).toBe('');
  });

  it('pre-fills a remembered e-mail and ticks Remember me', async () => {
    useRootStore.getState().setRemember(officer.email);
    await renderPage();

    const f = fields();
    expect(f.email).toHaveValue(officer.email);
    expect(f.remember).toBeChecked();
    expect(f.password).toHaveValue('');
  });

  it('starts with an empty e-mail and Remember me unticked when nothing is remembered', async () => {
    await renderPage();
    const f = fields();
    expect(f.email).toHaveValue('');
    expect(f.remember).not.toBeChecked();
  });

  it('shows the server reason when the account may not sign in', async () => {
    server.use(
      http.post('*/api/v1/auth/sign-in', () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Account disabled', status: 403, detail: 'Ask an administrator.' },
          { status: 403, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    await renderPage();
    await signInWith(officer.email, DEMO_PASSWORD);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Ask an administrator.')).toBeInTheDocument();
    expect(useRootStore.getState().auth.token).toBeNull();
  });

  it('says why a pending or disabled account may not sign in', async () => {
    await renderPage();
    await signInWith(demoAccounts.pending.email, DEMO_PASSWORD);
    expect(await screen.findByRole('alert')).toHaveTextContent(/not activated yet/);

    await signInWith(demoAccounts.disabled.email, DEMO_PASSWORD);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/disabled/));
    expect(fields().password).toHaveValue('');
  });

  it('says how many minutes to wait when throttled, and moves focus back to the password', async () => {
    server.use(http.post('*/api/v1/auth/sign-in', () => answerProblem(problems.throttled(61))));
    await renderPage();
    await signInWith(officer.email, 'whatever-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 2 minutes.');
    expect(fields().password).toHaveFocus();
    expect(fields().email).toHaveValue(officer.email);
  });

  it('starts from a given e-mail, and links to register and to forgot password with it', async () => {
    await renderPage({ email: 'nur@example.com' });
    expect(fields().email).toHaveValue('nur@example.com');
    expect(fields().password).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password?email=nur%40example.com');
  });
});
