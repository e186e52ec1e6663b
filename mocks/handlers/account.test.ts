import {
  activateResponseSchema,
  apiPaths,
  meResponseSchema,
  problemTypes,
  registerResponseSchema,
  signInResponseSchema,
  verifyOtpResponseSchema,
} from '@contract';
import { ACCOUNT_TYPE_ID, DEMO_PASSWORD, demoAccounts, userTypeByKey } from '@fixtures';
import { ageAccountCodes } from '../account-codes';
import { call, readAs, readProblem, signIn } from '../api-test-client';
import { outbox } from '../mail';

// src/test/setup.ts starts the MSW node server for every test file and resets the mock db
// after each test.

const EMAIL = 'nur.aisyah@example.com';
const PASSWORD = 'Lantern-Harbour-2027';
const NEW_PASSWORD = 'Quiet#Orchard-4581';

const post = (path: string, body: unknown, token?: string) =>
  call(path, { method: 'POST', body, token });

const register = (fields: { email?: string; password?: string; fullName?: string } = {}) =>
  post(apiPaths.register, { email: EMAIL, password: PASSWORD, fullName: 'Nur Aisyah', ...fields });

function newestMail(to: string) {
  const [mail] = outbox(to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** The code of the activation link, which stands on a line of its own. */
function mailedActivationCode(to: string): string {
  const link = /^(.+)\/account\/activation\/([A-Za-z0-9_-]+)$/m.exec(newestMail(to).text);
  expect(link?.[1]).toBe(location.origin);
  return link![2]!;
}

function mailedResetCode(to: string): string {
  const code = /Your code: (\d{6})/.exec(newestMail(to).text)?.[1];
  if (!code) throw new Error(`no code in the mail to ${to}`);
  return code;
}

const activate = (code: string) => post(apiPaths.activate, { code });
const forgot = (email: string) => post(apiPaths.forgotPassword, { email });
const verify = (email: string, code: string) => post(apiPaths.verifyOtp, { email, code });
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function resetTokenFor(email: string): Promise<string> {
  expect((await forgot(email)).status).toBe(202);
  const verified = await readAs(
    verifyOtpResponseSchema,
    await verify(email, mailedResetCode(email)),
  );
  return verified.data.resetToken;
}

describe('registration and activation', () => {
  it('registers a pending account, mails its link, and activates it once', async () => {
    const registered = await readAs(
      registerResponseSchema,
      await register({ email: 'Nur.Aisyah@Example.com' }),
    );
    expect(registered.data).toEqual({ email: 'Nur.Aisyah@Example.com', status: 'pending' });
    await readProblem(
      await post(apiPaths.signIn, { email: EMAIL, password: PASSWORD }),
      403,
      problemTypes.accountPending,
    );

    const mail = newestMail(EMAIL);
    expect(mail.subject).toBe('Activate your Complaint Desk account');
    const code = mailedActivationCode(EMAIL);
    expect(code).toHaveLength(43); // 32 random bytes, base64url

    const activated = await readAs(activateResponseSchema, await activate(code));
    expect(activated.data.email.toLowerCase()).toBe(EMAIL);
    await readProblem(await activate(code), 410, problemTypes.linkUsed);

    const signedIn = await readAs(
      signInResponseSchema,
      await post(apiPaths.signIn, { email: EMAIL, password: PASSWORD }),
    );
    expect(signedIn.data.user).toMatchObject({
      fullName: 'Nur Aisyah',
      phone: null,
      image: null,
      status: 'active',
      userType: userTypeByKey.member,
      userProfile: { typeId: ACCOUNT_TYPE_ID.authority, organizationId: null },
    });
    expect(signedIn.data.user.id).toBeGreaterThan(demoAccounts.disabled.id);
  });

  it('refuses an unknown link and one older than 24 hours', async () => {
    await readProblem(await activate('no-such-code'), 404, problemTypes.linkInvalid);
    await register();
    ageAccountCodes(EMAIL, 24 * 60 + 1);
    const expired = await readProblem(
      await activate(mailedActivationCode(EMAIL)),
      410,
      problemTypes.linkExpired,
    );
    expect(expired.detail).toMatch(/register again/i);
    await readProblem(
      await post(apiPaths.signIn, { email: EMAIL, password: PASSWORD }),
      403,
      problemTypes.accountPending,
    );
  });

  it('replaces a pending registration and its link when the e-mail registers again', async () => {
    await register();
    const firstCode = mailedActivationCode(EMAIL);
    ageAccountCodes(EMAIL, 24 * 60 + 1);
    await readAs(
      registerResponseSchema,
      await register({ password: NEW_PASSWORD, fullName: 'Aisyah Rahim' }),
    );
    expect(outbox(EMAIL)).toHaveLength(2);

    await readProblem(await activate(firstCode), 410, problemTypes.linkUsed);
    await readAs(activateResponseSchema, await activate(mailedActivationCode(EMAIL)));
    await readProblem(
      await post(apiPaths.signIn, { email: EMAIL, password: PASSWORD }),
      401,
      problemTypes.invalidCredentials,
    );
    const token = await signIn(EMAIL, NEW_PASSWORD);
    const me = await readAs(meResponseSchema, await call(apiPaths.me, { token }));
    expect(me.data.fullName).toBe('Aisyah Rahim');
  });

  it('refuses the e-mail of an active or disabled account', async () => {
    for (const account of [demoAccounts.officer, demoAccounts.disabled]) {
      await readProblem(
        await register({ email: account.email.toUpperCase() }),
        409,
        problemTypes.emailTaken,
      );
      expect(outbox(account.email)).toEqual([]);
    }
  });

  it('explains bad input field by field, password rules included', async () => {
    const common = await readProblem(
      await register({ password: 'Password1234!' }),
      400,
      problemTypes.validation,
    );
    expect(common.title).toBe('Invalid request');
    expect(Object.keys(common.errors ?? {})).toEqual(['password']);
    const withEmail = await readProblem(
      await register({ password: 'nur.aisyah-secret-99' }),
      400,
      problemTypes.validation,
    );
    expect(withEmail.errors).toHaveProperty('password');
    const bad = await readProblem(
      await register({ email: 'not-an-email', fullName: ' ' }),
      400,
      problemTypes.validation,
    );
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['email', 'fullName']);
    expect(outbox(EMAIL)).toEqual([]);
  });
});

describe('forgotten password', () => {
  const { email } = demoAccounts.officer;

  it('mails a code, counts wrong tries down, and ends the code after 5', async () => {
    expect((await forgot(email)).status).toBe(202);
    const mail = newestMail(email);
    expect(mail.subject).toBe('Your Complaint Desk password reset code');
    const code = mailedResetCode(email);

    for (let attemptsLeft = 4; attemptsLeft >= 0; attemptsLeft -= 1) {
      const wrong = await readProblem(
        await verify(email, wrongCodeFor(code)),
        400,
        problemTypes.codeInvalid,
      );
      expect(wrong.attemptsLeft).toBe(attemptsLeft);
    }
    await readProblem(await verify(email, code), 400, problemTypes.codeExpired);
  });

  it('refuses a code older than 10 minutes, and a code replaced by a newer one', async () => {
    await forgot(email);
    const first = mailedResetCode(email);
    ageAccountCodes(email, 11);
    await readProblem(await verify(email, first), 400, problemTypes.codeExpired);

    await forgot(email);
    const second = mailedResetCode(email);
    await forgot(email);
    if (second !== mailedResetCode(email)) {
      await readProblem(await verify(email, second), 400, problemTypes.codeInvalid);
    }
    await readAs(verifyOtpResponseSchema, await verify(email, mailedResetCode(email)));
  });

  it('answers 202 alike for unknown, pending and disabled e-mails, and mails none of them', async () => {
    for (const address of [
      'nobody@example.com',
      demoAccounts.pending.email,
      demoAccounts.disabled.email,
    ]) {
      const response = await forgot(address);
      expect(response.status).toBe(202);
      expect(await response.text()).toBe('');
      expect(outbox(address)).toEqual([]);
      await readProblem(await verify(address, '123456'), 400, problemTypes.codeExpired);
    }
  });

  it('resets the password once, ending every session of the user', async () => {
    const before = await signIn(email);
    const resetToken = await resetTokenFor(email);

    const weak = await readProblem(
      await post(apiPaths.resetPassword, { resetToken, password: 'short' }),
      400,
      problemTypes.validation,
    );
    expect(weak.errors).toHaveProperty('password');

    const reset = await post(apiPaths.resetPassword, { resetToken, password: NEW_PASSWORD });
    expect(reset.status).toBe(204);
    await readProblem(
      await post(apiPaths.resetPassword, { resetToken, password: NEW_PASSWORD }),
      400,
      problemTypes.resetTokenInvalid,
    );

    await readProblem(await call(apiPaths.me, { token: before }), 401);
    await readProblem(
      await post(apiPaths.signIn, { email, password: DEMO_PASSWORD }),
      401,
      problemTypes.invalidCredentials,
    );
    const after = await signIn(email, NEW_PASSWORD);
    await readAs(meResponseSchema, await call(apiPaths.me, { token: after }));
  });

  it('refuses an unknown reset token and one older than 15 minutes', async () => {
    await readProblem(
      await post(apiPaths.resetPassword, { resetToken: 'made-up', password: NEW_PASSWORD }),
      400,
      problemTypes.resetTokenInvalid,
    );
    const resetToken = await resetTokenFor(email);
    ageAccountCodes(email, 16);
    await readProblem(
      await post(apiPaths.resetPassword, { resetToken, password: NEW_PASSWORD }),
      400,
      problemTypes.resetTokenInvalid,
    );
    await signIn(email);
  });

  it('throttles the 6th request for a code and mails nothing for it', async () => {
    for (let request = 1; request <= 5; request += 1) {
      expect((await forgot(email)).status).toBe(202);
    }
    const throttled = await forgot(email.toUpperCase());
    const problem = await readProblem(throttled, 429, problemTypes.throttled);
    expect(problem.retryAfter).toBeGreaterThan(0);
    expect(throttled.headers.get('Retry-After')).toBe(String(problem.retryAfter));
    expect(outbox(email)).toHaveLength(5);
  });

  it('throttles after 10 wrong codes, even the right one', async () => {
    for (let round = 0; round < 2; round += 1) {
      await forgot(email);
      const code = mailedResetCode(email);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await readProblem(await verify(email, wrongCodeFor(code)), 400, problemTypes.codeInvalid);
      }
    }
    await forgot(email);
    await readProblem(await verify(email, mailedResetCode(email)), 429, problemTypes.throttled);
  });
});
