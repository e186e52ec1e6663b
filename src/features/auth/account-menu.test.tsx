import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '@mocks/node';
import { useRootStore } from '@/stores/root-store';
import { renderWithApp, signInAs } from '@/test/render';
import { AccountMenu } from './account-menu';

async function logout() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Account menu' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
}

describe('AccountMenu logout', { timeout: 20_000 }, () => {
  it('ends the session on the server first, then here, then goes to sign-in', async () => {
    signInAs('officer');
    const token = useRootStore.getState().auth.token;
    const seen: { authorization: string | null; storedToken: string | null }[] = [];
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post('*/api/v1/auth/sign-out', async ({ request }) => {
        seen.push({
          authorization: request.headers.get('authorization'),
          storedToken: useRootStore.getState().auth.token,
        });
        await answered;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { router } = renderWithApp(<AccountMenu />, { path: '/dashboard' });
    await logout();

    await waitFor(() => expect(seen).toEqual([{ authorization: `Bearer ${token}`, storedToken: token }]));
    expect(useRootStore.getState().auth.token).toBe(token);
    answer();

    await waitFor(() => expect(useRootStore.getState().auth).toEqual({ token: null, user: null }));
    expect(router.state.location.pathname).toBe('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('still signs out here when the server call fails', async () => {
    signInAs('verifier');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post('*/api/v1/auth/sign-out', () => HttpResponse.json({}, { status: 500 })));
    const { router } = renderWithApp(<AccountMenu />, { path: '/dashboard' });
    await logout();

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useRootStore.getState().auth.token).toBeNull();
  });
});
