import { beforeEach, describe, expect, it } from 'vitest';
import { problemTypes } from '../contract/account-rules';
import { verifyOtpResponseSchema } from '../contract/auth';
import { recoveryCodesResponseSchema, signInAnswerSchema, totpEnrolmentResponseSchema } from '../contract/two-factor';
import { DEMO_PASSWORD, demoAccounts } from '../fixtures';
import { connectApi, expectProblem, readAs } from './support/api';
import { codeAt, twoFactorOf } from './support/two-factor';

/**
 * Issue 45, items 3 and 4: a new password ends every second-factor challenge and enrolment
 * begun with the old one; a factor that is on is replaced or turned off only with its own
 * agreement (a code of it, or a recovery code) besides the password.
 */
const api = connectApi();
beforeEach(() => api.reset());

const admin = demoAccounts.admin.email;
const officer = demoAccounts.officer.email;
const NEW_PASSWORD = 'Another#2026pass';
const { challengeOf, answer, enrolAtSignIn, enrolInSession } = twoFactorOf(api);
const changePassword = async (token: string, currentPassword = DEMO_PASSWORD) => {
  const res = await api.call('POST', 'api/v1/me/password', { as: { token }, body: { currentPassword, newPassword: NEW_PASSWORD } });
  expect(res.status, res.text).toBe(204);
};

/** Forgot password: the mailed code, the reset token, the new password. */
async function resetPassword(email: string) {
  expect((await api.call('POST', 'api/v1/auth/forgot-password', { body: { email } })).status).toBe(202);
  const [mail] = await api.outbox(email);
  const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
  const { resetToken } = readAs(verifyOtpResponseSchema, await api.call('POST', 'api/v1/auth/verify-otp', { body: { email, code } })).data;
  expect((await api.call('POST', 'api/v1/auth/reset-password', { body: { resetToken, password: NEW_PASSWORD } })).status).toBe(204);
}

const enrolledAdmin = () => enrolAtSignIn(admin);

/** The officer turns a second factor on from the profile. */
async function enrolledOfficer() {
  const token = await api.signIn('officer');
  return { token, ...(await enrolInSession(token)) };
}

describe('a new password ends what the old one began', () => {
  it('a challenge won with the old password no longer signs in after a password change', async () => {
    const { secret, token } = await enrolledAdmin();
    const stale = await challengeOf(admin);
    await changePassword(token);
    expectProblem(await answer(stale.challenge, { code: codeAt(secret, 1) }), 400, problemTypes.codeExpired);
    // The new password's challenge does.
    const fresh = await challengeOf(admin, NEW_PASSWORD);
    expect((await answer(fresh.challenge, { code: codeAt(secret, 1) })).status).toBe(200);
  });

  it('nor after a reset by e-mail code', async () => {
    const { secret } = await enrolledAdmin();
    const stale = await challengeOf(admin);
    await resetPassword(admin);
    expectProblem(await answer(stale.challenge, { code: codeAt(secret, 1) }), 400, problemTypes.codeExpired);
  });

  it('an enrolment begun on the profile cannot be confirmed after a password change', async () => {
    const token = await api.signIn('officer');
    const as = { token };
    const pending = readAs(
      totpEnrolmentResponseSchema,
      await api.call('POST', 'api/v1/me/two-factor', { as, body: { password: DEMO_PASSWORD } }),
    ).data;
    await changePassword(token);
    expectProblem(await api.call('POST', 'api/v1/me/two-factor/confirm', { as, body: { code: codeAt(pending.secret) } }), 409);
  });

  it('an enrolment begun at sign-in cannot be finished after a reset, and the next sign-in enrols afresh', async () => {
    const atSignIn = await challengeOf(admin);
    const { secret } = readAs(
      totpEnrolmentResponseSchema,
      await api.call('POST', 'api/v1/auth/second-factor/enrolment', { body: { challenge: atSignIn.challenge } }),
    ).data;
    await resetPassword(admin);
    expectProblem(await answer(atSignIn.challenge, { code: codeAt(secret) }), 400, problemTypes.codeExpired);
    expect((await challengeOf(admin, NEW_PASSWORD)).enrol).toBe(true);
  });
});

describe('a second factor that is on agrees to its own change', () => {
  it('a new secret needs a code of the current one, or a recovery code, besides the password', async () => {
    const { secret, token, recoveryCodes } = await enrolledAdmin();
    const as = { token };
    const start = (body: object) => api.call('POST', 'api/v1/me/two-factor', { as, body });

    const missing = expectProblem(await start({ password: DEMO_PASSWORD }), 400);
    expect(missing.code).toBe('currentFactorNeeded');
    expect(missing.errors?.code).toBeDefined();
    expectProblem(await start({ password: DEMO_PASSWORD, code: codeAt(secret, 10) }), 400, problemTypes.codeInvalid);
    expectProblem(await start({ password: DEMO_PASSWORD, recoveryCode: 'aaaaa-bbbbb' }), 400, problemTypes.codeInvalid);
    expectProblem(await start({ password: 'not the password', code: codeAt(secret, 1) }), 400, problemTypes.wrongCurrentPassword);
    // Nothing changed: the phone's codes still sign in.
    const challenge = await challengeOf(admin);
    expect((await answer(challenge.challenge, { code: codeAt(secret, 1) })).status).toBe(200);

    readAs(totpEnrolmentResponseSchema, await start({ password: DEMO_PASSWORD, recoveryCode: recoveryCodes[0]! }));
    // The recovery code is spent.
    expectProblem(await start({ password: DEMO_PASSWORD, recoveryCode: recoveryCodes[0]! }), 400, problemTypes.codeInvalid);
  });

  it('a new phone is confirmed by its own code, even in the half-minute the old phone’s code was used', async () => {
    const { secret, token, recoveryCodes: old } = await enrolledOfficer();
    const as = { token };
    const { secret: newSecret } = readAs(
      totpEnrolmentResponseSchema,
      await api.call('POST', 'api/v1/me/two-factor', { as, body: { password: DEMO_PASSWORD, code: codeAt(secret, 1) } }),
    ).data;
    // The same half-minute as the old phone's code just used: the new secret's codes were never used.
    const { recoveryCodes } = readAs(
      recoveryCodesResponseSchema,
      await api.call('POST', 'api/v1/me/two-factor/confirm', { as, body: { code: codeAt(newSecret, 1) } }),
    ).data;
    // The new factor is the one in use: its recovery codes sign in, the old ones no more.
    const challenge = await challengeOf(officer);
    expectProblem(await answer(challenge.challenge, { recoveryCode: old[0]! }), 400, problemTypes.codeInvalid);
    expect((await answer(challenge.challenge, { recoveryCode: recoveryCodes[0]! })).status).toBe(200);
  });

  it('turning it off needs the same, and the password alone changes nothing', async () => {
    const { secret, token } = await enrolledOfficer();
    const as = { token };
    const off = (body: object) => api.call('DELETE', 'api/v1/me/two-factor', { as, body });
    expect(expectProblem(await off({ password: DEMO_PASSWORD }), 400).code).toBe('currentFactorNeeded');
    expectProblem(await off({ password: DEMO_PASSWORD, code: codeAt(secret, 10) }), 400, problemTypes.codeInvalid);
    expect((await challengeOf(officer)).enrol).toBe(false);
    expect((await off({ password: DEMO_PASSWORD, code: codeAt(secret, 1) })).status).toBe(204);
    expect(
      readAs(signInAnswerSchema, await api.call('POST', 'api/v1/auth/sign-in', { body: { email: officer, password: DEMO_PASSWORD } })).data,
    ).toHaveProperty('token');
  });
});
