import ky, { type AfterResponseHook } from 'ky';
import { useRootStore } from '@/stores/root-store';
import { markSecondFactorRefusal, problemOf } from './api-error';

type SessionExpiredHandler = () => void;
let sessionExpired: SessionExpiredHandler = () => {};

/** The app decides what a dead session means (clear it, go to sign-in); set once at start. */
export function onSessionExpired(handler: SessionExpiredHandler) {
  sessionExpired = handler;
}

/** Asks the user to answer the session's second factor: true once answered, false if they would not. */
type SecondFactorAsker = () => Promise<boolean>;
let askSecondFactor: SecondFactorAsker = () => Promise.resolve(false);

/** The app decides how a session answers its second factor (the signed-in frame's dialog); set once at start. */
export function onSecondFactorRequired(asker: SecondFactorAsker) {
  askSecondFactor = asker;
}

/**
 * `context` for a call that may well answer 401 without the session having died on us
 * (signing out a token the server already ended): the caller deals with the session.
 */
export const SESSION_END_EXPECTED = { sessionEndExpected: true } as const;

/**
 * `context` for a call that never waits for the second factor: the calls that answer it (they
 * are what the question waits for), and a call tried again once it was answered.
 */
export const WITHOUT_STEP_UP = { stepUp: false } as const;

/** The API's fixed base address: the configured one, else the page's own origin. */
export const apiBaseUrl: string = import.meta.env.VITE_API_BASE_URL || window.location.origin;

// Every call refused while the question is open waits on it; a call sent before the last
// question was settled takes that question's answer instead of asking again.
let question: Promise<boolean> | null = null;
let settled = 0;
let lastAnswer = false;
/** `settled` when each call was sent, by its options (ky hands the same object to both hooks of a try). */
const settledWhenSent = new WeakMap<object, number>();

function askOnce(): Promise<boolean> {
  question ??= askSecondFactor()
    .catch(() => false)
    .then((answered) => {
      settled += 1;
      lastAnswer = answered;
      question = null;
      return answered;
    });
  return question;
}

async function refusedForSecondFactor(response: Response) {
  if (response.status !== 403) return false;
  const problem = await problemOf(response);
  if (!problem) return false;
  // The problem types come with the words of refusals, not with every page's first load.
  const { problemKindOf } = await import('./api-failure');
  return problemKindOf(problem) === 'secondFactorRequired';
}

/**
 * Issue 45: a session that has not answered its second factor is refused a right that needs one
 * (403 `secondFactorRequired`). The user is asked for it — once, however many calls were refused
 * — and the call is sent again, its answer returned as the first one's. Unanswered, the 403
 * stands, marked for the screens to word.
 */
const stepUp: AfterResponseHook = async (request, options, response) => {
  if (!request.headers.has('authorization') || !(await refusedForSecondFactor(response))) return;
  const sentBeforeLastQuestion = (settledWhenSent.get(options) ?? settled) < settled;
  const answered = options.context.stepUp !== false && (sentBeforeLastQuestion ? lastAnswer : await askOnce());
  if (!answered) {
    markSecondFactorRefusal(response);
    return response;
  }
  // The call again from its own options: the body (a JSON text, a FormData) and headers as they
  // were, down to a content type left for the browser to set (a FormData's boundary); the token
  // comes again from the store.
  const headers = new Headers(options.headers);
  return api(request, {
    ...options,
    headers: { ...Object.fromEntries(headers), 'content-type': headers.get('content-type') ?? undefined },
    context: { ...options.context, ...WITHOUT_STEP_UP },
    throwHttpErrors: false,
  });
};

/**
 * Every call: JSON content type and the bearer token (SPEC §7). Retries live in TanStack
 * Query only, so ky never retries (the one exception: a call refused until the second factor
 * is answered). A 401 on a call that carried a token ends the session.
 */
export const api = ky.create({
  prefixUrl: apiBaseUrl,
  retry: 0,
  timeout: 30_000,
  headers: { 'content-type': 'application/json' },
  hooks: {
    beforeRequest: [
      (request, options) => {
        const { token } = useRootStore.getState().auth;
        if (token) request.headers.set('authorization', `Bearer ${token}`);
        settledWhenSent.set(options, settled);
      },
    ],
    afterResponse: [
      (request, options, response) => {
        if (response.status !== 401 || !request.headers.has('authorization')) return;
        if (options.context.sessionEndExpected) return;
        sessionExpired();
      },
      stepUp,
    ],
  },
});
