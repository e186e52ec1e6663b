import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { apiPaths } from '@contract/paths';
import type { SignInRequest, SignInResponse } from '@contract';
import { api } from '@/lib/api-client';
import { useRootStore } from '@/stores/root-store';

/** SPEC §2: logging out returns to / after this delay. */
export const LOGOUT_NAVIGATION_DELAY_MS = 100;

export async function signIn(body: SignInRequest) {
  const res = await api.post(apiPaths.signIn, { json: body }).json<SignInResponse>();
  return res.data;
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}

/** Ends the session here at once and on the server in the background, then leaves. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    const { token } = useRootStore.getState().auth;
    useRootStore.getState().signOut();
    queryClient.clear();
    if (token) {
      api
        .post(apiPaths.signOut, { headers: { authorization: `Bearer ${token}` } })
        .catch((error: unknown) => console.error('Sign-out failed on the server', error));
    }
    setTimeout(() => void navigate({ to: '/' }), LOGOUT_NAVIGATION_DELAY_MS);
  };
}
