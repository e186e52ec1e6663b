import { http, HttpResponse } from 'msw';
import { apiPaths, problemTypes, signInRequestSchema, signInResponseSchema } from '@contract';
import { accountByEmail, mockDb, updateMockDb } from '../db';
import { apiRoute } from '../api-route';
import { simulateLatency } from '../latency';
import { typedProblem } from '../problem';
import { readJsonBody, respond } from '../request-validation';
import { issueToken, requireSession, revokeToken } from '../session';
import { accountThrottle, checkThrottle, countThrottleHit } from '../throttle';

const SESSION_HOURS = 12;
const FAILED_SIGN_INS_PER_WINDOW = 5;

export const authHandlers = [
  http.post(apiRoute(apiPaths.signIn), async ({ request }) => {
    await simulateLatency();
    const { email, password } = await readJsonBody(request, signInRequestSchema);
    const failures = accountThrottle('sign-in', email, FAILED_SIGN_INS_PER_WINDOW);
    checkThrottle(failures);
    const account = accountByEmail(mockDb(), email);
    // Credentials first, so a wrong password never reveals whether an account is active.
    if (!account || account.password !== password) {
      updateMockDb((db) => countThrottleHit(db, failures));
      return typedProblem(401, problemTypes.invalidCredentials, 'Invalid e-mail or password', {
        detail: 'Check the e-mail address and password.',
      });
    }
    if (account.status === 'pending') {
      return typedProblem(403, problemTypes.accountPending, 'Account not activated', {
        detail: 'Open the activation link sent by e-mail.',
      });
    }
    if (account.status === 'disabled') {
      return typedProblem(403, problemTypes.accountDisabled, 'Account disabled', {
        detail: 'Ask an administrator to enable the account.',
      });
    }
    const expiresAt = new Date(Date.now() + SESSION_HOURS * 3_600_000).toISOString();
    return respond(signInResponseSchema, {
      data: { token: issueToken(account.id), expiresAt, user: account },
    });
  }),

  http.post(apiRoute(apiPaths.signOut), async ({ request }) => {
    await simulateLatency();
    revokeToken(requireSession(request).token);
    return new HttpResponse(null, { status: 204 });
  }),
];
