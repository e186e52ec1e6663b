import { http, HttpResponse } from 'msw';
import { apiPaths, signInRequestSchema, signInResponseSchema } from '@contract';
import { mockDb } from '../db';
import { apiRoute } from '../api-route';
import { simulateLatency } from '../latency';
import { problem } from '../problem';
import { readJsonBody, respond } from '../request-validation';
import { issueToken, requireSession, revokeToken } from '../session';

const SESSION_HOURS = 12;

export const authHandlers = [
  http.post(apiRoute(apiPaths.signIn), async ({ request }) => {
    await simulateLatency();
    const { email, password } = await readJsonBody(request, signInRequestSchema);
    const account = mockDb().accounts.find(
      (candidate) => candidate.email.toLowerCase() === email.toLowerCase(),
    );
    // Credentials first, so a wrong password never reveals whether an account is active.
    if (!account || account.password !== password) {
      return problem(401, 'Invalid e-mail or password');
    }
    if (account.status === 'pending') {
      return problem(403, 'Account not activated', 'Open the activation link sent by e-mail.');
    }
    if (account.status === 'disabled') {
      return problem(403, 'Account disabled', 'Ask an administrator to enable the account.');
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
