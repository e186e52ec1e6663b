import ky from 'ky';
import { useRootStore } from '@/stores/root-store';

type SessionExpiredHandler = () => void;
let sessionExpired: SessionExpiredHandler = () => {};

/** The app decides what a dead session means (clear it, go to sign-in); set once at start. */
export function onSessionExpired(handler: SessionExpiredHandler) {
  sessionExpired = handler;
}

/**
 * `context` for a call that may well answer 401 without the session having died on us
 * (signing out a token the server already ended): the caller deals with the session.
 */
export const SESSION_END_EXPECTED = { sessionEndExpected: true } as const;

/** The API's fixed base address: the configured one, else the page's own origin. */
export const apiBaseUrl: string = import.meta.env.VITE_API_BASE_URL || window.location.origin;

/**
 * Every call: JSON content type and the bearer token (SPEC §7). Retries live in TanStack
 * Query only, so ky never retries. A 401 on a call that carried a token ends the session.
 */
export const api = ky.create({
  prefixUrl: apiBaseUrl,
  retry: 0,
  timeout: 30_000,
  headers: { 'content-type': 'application/json' },
  hooks: {
    beforeRequest: [
      (request) => {
        const { token } = useRootStore.getState().auth;
        if (token) request.headers.set('authorization', `Bearer ${token}`);
      },
    ],
    afterResponse: [
      (request, options, response) => {
        if (response.status !== 401 || !request.headers.has('authorization')) return;
        if (options.context.sessionEndExpected) return;
        sessionExpired();
      },
    ],
  },
});
