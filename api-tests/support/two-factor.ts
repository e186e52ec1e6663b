import { expect } from 'vitest';
import {
  recoveryCodesResponseSchema,
  secondFactorSessionResponseSchema,
  signInAnswerSchema,
  totpEnrolmentResponseSchema,
} from '../../contract/two-factor';
import { totpCodeAt } from '../../domain/two-factor';
import { DEMO_PASSWORD } from '../../fixtures';
import { readAs } from './api';
import type { ApiDriver } from './client';

/** The code an authenticator app shows `steps` half-minutes from now. */
export const codeAt = (secret: string, steps = 0) => totpCodeAt(secret, Date.now() + steps * 30_000);

/**
 * The second-factor calls the API suite makes as a person with a phone would: sign in to a
 * challenge, answer it, enrol at sign-in or from the profile.
 */
export function twoFactorOf(api: ApiDriver) {
  const signIn = async (email: string, password = DEMO_PASSWORD) =>
    readAs(signInAnswerSchema, await api.call('POST', 'api/v1/auth/sign-in', { body: { email, password } })).data;

  /** The password's challenge: the account must have (or be required to have) a second factor. */
  async function challengeOf(email: string, password = DEMO_PASSWORD) {
    const answer = await signIn(email, password);
    if (!('secondFactor' in answer)) throw new Error(`${email} signed in without a second factor`);
    return answer.secondFactor;
  }

  const answer = (challenge: string, typed: { code: string } | { recoveryCode: string }) =>
    api.call('POST', 'api/v1/auth/second-factor', { body: { challenge, ...typed } });

  /** A first sign-in that must enrol (an administrator's): the secret, the code that confirmed it, the session. */
  async function enrolAtSignIn(email: string) {
    const challenge = await challengeOf(email);
    expect(challenge.enrol).toBe(true);
    const { secret } = readAs(
      totpEnrolmentResponseSchema,
      await api.call('POST', 'api/v1/auth/second-factor/enrolment', { body: { challenge: challenge.challenge } }),
    ).data;
    const firstCode = codeAt(secret);
    const session = readAs(secondFactorSessionResponseSchema, await answer(challenge.challenge, { code: firstCode })).data;
    return { secret, firstCode, session, token: session.token, recoveryCodes: session.recoveryCodes! };
  }

  /** A second factor turned on from the profile in this session: the secret, the code that confirmed it, the recovery codes. */
  async function enrolInSession(token: string) {
    const as = { token };
    const { secret } = readAs(
      totpEnrolmentResponseSchema,
      await api.call('POST', 'api/v1/me/two-factor', { as, body: { password: DEMO_PASSWORD } }),
    ).data;
    const firstCode = codeAt(secret);
    const { recoveryCodes } = readAs(
      recoveryCodesResponseSchema,
      await api.call('POST', 'api/v1/me/two-factor/confirm', { as, body: { code: firstCode } }),
    ).data;
    return { secret, firstCode, recoveryCodes };
  }

  return { signIn, challengeOf, answer, enrolAtSignIn, enrolInSession };
}
