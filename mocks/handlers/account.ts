import { http, HttpResponse } from 'msw';
import {
  activateRequestSchema,
  activateResponseSchema,
  apiPaths,
  forgotPasswordRequestSchema,
  OTP_MAX_ATTEMPTS,
  problemTypes,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
  verifyOtpRequestSchema,
  verifyOtpResponseSchema,
  type RegisterRequest,
} from '@contract';
import { ACCOUNT_TYPE_ID, userTypeByKey, type FixtureAccount } from '@fixtures';
import {
  endAccountCodes,
  findAccountCode,
  isExpired,
  issueAccountCode,
  newestUnusedCode,
  markCodeUsed,
} from '../account-codes';
import { accountByEmail, updateMockDb, type MockDbState } from '../db';
import { apiRoute } from '../api-route';
import { simulateLatency } from '../latency';
import { sendActivationMail, sendPasswordResetCode } from '../mail';
import { typedProblem } from '../problem';
import { readJsonBody, respond } from '../request-validation';
import { endSessions } from '../session';
import { accountThrottle, checkThrottle, countThrottleHit } from '../throttle';

// Registration, activation and the forgotten-password flow, by docs/account-rules.md.

const CODE_REQUESTS_PER_WINDOW = 5;
const FAILED_CODE_TRIES_PER_WINDOW = 10;

/** What a registration gives; registering again while pending replaces it. */
function registrationFields({ password, fullName, phone }: RegisterRequest) {
  return { password, fullName, phone: phone || null };
}

/** Someone who registers on their own: no privileges until an administrator gives a role. */
function registeredAccount(db: MockDbState, registration: RegisterRequest): FixtureAccount {
  const account: FixtureAccount = {
    id: Math.max(0, ...db.accounts.map((candidate) => candidate.id)) + 1,
    email: registration.email,
    ...registrationFields(registration),
    image: null,
    status: 'pending',
    userTypeKey: 'member',
    userType: { ...userTypeByKey.member },
    userProfile: {
      typeId: ACCOUNT_TYPE_ID.authority,
      organizationId: null,
      positionId: null,
      zoneId: null,
    },
  };
  db.accounts.push(account);
  return account;
}

export const accountHandlers = [
  http.post(apiRoute(apiPaths.register), async ({ request }) => {
    await simulateLatency();
    const registration = await readJsonBody(request, registerRequestSchema);
    return updateMockDb((db) => {
      const existing = accountByEmail(db, registration.email);
      if (existing && existing.status !== 'pending') {
        return typedProblem(409, problemTypes.emailTaken, 'E-mail already registered', {
          detail: 'Sign in, or reset the password if it is forgotten.',
        });
      }
      const account = existing
        ? Object.assign(existing, registrationFields(registration))
        : registeredAccount(db, registration);
      endAccountCodes(db, account.id, ['activation']);
      sendActivationMail(db, account, issueAccountCode(db, account.id, 'activation').code);
      return respond(registerResponseSchema, { data: account }, 201);
    });
  }),

  http.post(apiRoute(apiPaths.activate), async ({ request }) => {
    await simulateLatency();
    const { code } = await readJsonBody(request, activateRequestSchema);
    return updateMockDb((db) => {
      const link = findAccountCode(db, 'activation', code);
      if (!link) {
        return typedProblem(404, problemTypes.linkInvalid, 'Activation link not valid', {
          detail: 'Open the whole link from the activation mail.',
        });
      }
      if (link.usedAt) {
        return typedProblem(410, problemTypes.linkUsed, 'Activation link already used', {
          detail: 'Sign in, or register again with the same e-mail for a new link.',
        });
      }
      if (isExpired(link)) {
        return typedProblem(410, problemTypes.linkExpired, 'Activation link expired', {
          detail: 'Register again with the same e-mail for a new link.',
        });
      }
      markCodeUsed(link);
      const account = db.accounts.find((candidate) => candidate.id === link.accountId)!;
      if (account.status === 'pending') account.status = 'active';
      return respond(activateResponseSchema, { data: { email: account.email } });
    });
  }),

  http.post(apiRoute(apiPaths.forgotPassword), async ({ request }) => {
    await simulateLatency();
    const { email } = await readJsonBody(request, forgotPasswordRequestSchema);
    const requests = accountThrottle('forgot-password', email, CODE_REQUESTS_PER_WINDOW);
    checkThrottle(requests);
    updateMockDb((db) => {
      countThrottleHit(db, requests);
      // The same answer for every e-mail, so the form cannot tell who has an account.
      const account = accountByEmail(db, email);
      if (account?.status !== 'active') return;
      endAccountCodes(db, account.id, ['passwordResetCode']);
      sendPasswordResetCode(
        db,
        account,
        issueAccountCode(db, account.id, 'passwordResetCode').code,
      );
    });
    return new HttpResponse(null, { status: 202 });
  }),

  http.post(apiRoute(apiPaths.verifyOtp), async ({ request }) => {
    await simulateLatency();
    const { email, code } = await readJsonBody(request, verifyOtpRequestSchema);
    const failures = accountThrottle('verify-otp', email, FAILED_CODE_TRIES_PER_WINDOW);
    checkThrottle(failures);
    return updateMockDb((db) => {
      const account = accountByEmail(db, email);
      const current = account && newestUnusedCode(db, account.id, 'passwordResetCode');
      if (!account || !current || isExpired(current) || current.attempts >= OTP_MAX_ATTEMPTS) {
        return typedProblem(400, problemTypes.codeExpired, 'Code expired', {
          detail: 'Ask for a new code.',
        });
      }
      if (current.code !== code) {
        current.attempts += 1;
        countThrottleHit(db, failures);
        return typedProblem(400, problemTypes.codeInvalid, 'Wrong code', {
          detail: 'Check the code in the latest mail.',
          attemptsLeft: OTP_MAX_ATTEMPTS - current.attempts,
        });
      }
      markCodeUsed(current);
      const reset = issueAccountCode(db, account.id, 'resetToken');
      return respond(verifyOtpResponseSchema, {
        data: { resetToken: reset.code, expiresAt: reset.expiresAt },
      });
    });
  }),

  http.post(apiRoute(apiPaths.resetPassword), async ({ request }) => {
    await simulateLatency();
    const { resetToken, password } = await readJsonBody(request, resetPasswordRequestSchema);
    return updateMockDb((db) => {
      const reset = findAccountCode(db, 'resetToken', resetToken);
      if (!reset || reset.usedAt || isExpired(reset)) {
        return typedProblem(400, problemTypes.resetTokenInvalid, 'Reset token not valid', {
          detail: 'Ask for a new code.',
        });
      }
      markCodeUsed(reset);
      endAccountCodes(db, reset.accountId, ['passwordResetCode', 'resetToken']);
      db.accounts.find((candidate) => candidate.id === reset.accountId)!.password = password;
      endSessions(db, reset.accountId);
      return new HttpResponse(null, { status: 204 });
    });
  }),
];
