import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { apiPaths } from '@contract/paths';
import type { SecondFactorRequest, SecondFactorSession, SignInAnswer, SignInRequest, TotpEnrolment } from '@contract';
import { api, SESSION_END_EXPECTED } from '@/lib/api-client';
import { useRootStore } from '@/stores/root-store';

/* The session: sign in and out. Registration and passwords are in account-api.ts. */

/** SPEC §2: logging out returns to / after this delay. */
export const LOGOUT_NAVIGATION_DELAY_MS = 100;
/** Logout waits for the server this long at most, then ends the session here anyway. */
export const SIGN_OUT_TIMEOUT_MS = 5000;

/** The session, or the challenge of a second factor to answer first. */
export async function signIn(body: SignInRequest) {
  const res = await api.post(apiPaths.signIn, { json: body }).json<SignInAnswer>();
  return res.data;
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}

/** At sign-in, a user who must have a second factor and has none gets a secret for an app. */
export function useSignInEnrolment() {
  return useMutation({
    mutationFn: async (challenge: string) =>
      (await api.post(apiPaths.secondFactorEnrolment, { json: { challenge } }).json<{ data: TotpEnrolment }>()).data,
  });
}

/** The answer to the challenge: the session (with recovery codes after an enrolment). */
export function useAnswerSecondFactor() {
  return useMutation({
    mutationFn: async (body: SecondFactorRequest) =>
      (await api.post(apiPaths.secondFactor, { json: body }).json<{ data: SecondFactorSession }>()).data,
  });
}

/**
 * Logout (PRODUCT.md): the server ends the session first, so the token is dead before the
 * app forgets it; a failure there is ignored. Then the session goes here and, after the
 * SPEC's delay, the user lands on sign-in.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    const { token } = useRootStore.getState().auth;
    if (token) {
      await api
        .post(apiPaths.signOut, { timeout: SIGN_OUT_TIMEOUT_MS, context: SESSION_END_EXPECTED })
        .catch((error: unknown) => console.error('Sign-out failed on the server', error));
    }
    useRootStore.getState().signOut();
    queryClient.clear();
    setTimeout(() => void navigate({ to: '/' }), LOGOUT_NAVIGATION_DELAY_MS);
  };
}
