import { beforeEach, describe, expect, it } from 'vitest';
import { problemTypes } from '../contract/account-rules';
import { meResponseSchema, signInResponseSchema, verifyOtpResponseSchema } from '../contract/auth';
import { adminUserResponseSchema, userListResponseSchema } from '../contract/users';
import { uploadFileResponseSchema } from '../contract/files';
import { DEMO_PASSWORD, demoAccounts, userTypeByKey } from '../fixtures';
import { expectProblem } from '../server/test/expect-problem';
import { imageBytes, multipartFile } from '../server/test/multipart';
import { connectInjector } from './support/inject';
import { awayFromThrottleWindowEdge, THROTTLE_WAIT_TIMEOUT_MS } from './support/throttle-window';

const t = connectInjector();
// Throttle counters would leak from one test into the next: each starts on the demo data.
beforeEach(async () => {
  await t.api.reset();
});

const NEW_PASSWORD = 'Lantern-quiet-river-42';
const post = (path: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/${path}`, payload: payload as Record<string, unknown>, headers });
const signIn = (email: string, password: string) => post('auth/sign-in', { email, password });
const bearer = (res: { json: () => unknown }) => ({ authorization: `Bearer ${signInResponseSchema.parse(res.json()).data.token}` });

async function latestMail(to: string) {
  return (await t.api.outbox(to))[0] ?? null;
}
const activationCodeIn = (text: string) => /\/account\/activation\/([A-Za-z0-9_-]+)$/m.exec(text)![1]!;
const otpIn = (text: string) => /Your code: (\d{6})/.exec(text)![1]!;

describe('register → activate → sign in', () => {
  const email = 'nurul.huda@example.org';

  it('creates a pending account that cannot sign in, and mails a link that activates it once', async () => {
    const res = await post('auth/register', { email, password: NEW_PASSWORD, fullName: 'Nurul Huda', phone: '+60 12-000 1111' });
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe('');
    expectProblem(await signIn(email, NEW_PASSWORD), 403);
    expect((await signIn(email, NEW_PASSWORD)).json()).toMatchObject({ type: problemTypes.accountPending });

    const mail = await latestMail(email);
    expect(mail!.subject).toBe('Activate your Complaint Desk account');
    expect(mail!.text).toMatch(/^https?:\/\/[^/\s]+\/account\/activation\/[A-Za-z0-9_-]{43}$/m);
    const code = activationCodeIn(mail!.text);

    const activated = await post('auth/activate', { code });
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toEqual({ data: { email } });
    const signedIn = await signIn(email, NEW_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const user = signInResponseSchema.parse(signedIn.json()).data.user;
    expect(user).toMatchObject({
      fullName: 'Nurul Huda',
      phone: '+60 12-000 1111',
      status: 'active',
      userType: { name: 'Registered user' },
    });
    // No privileges until an administrator gives a role: an empty menu, no complaints.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/menu/privileges', headers: bearer(signedIn) })).json()).toEqual({
      data: { items: [] },
    });
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/v1/complaints?history=true', headers: bearer(signedIn) }), 403);

    const again = expectProblem(await post('auth/activate', { code }), 410);
    expect(again.type).toBe(problemTypes.linkUsed);
  });

  it('answers an e-mail that has an account as a new one, changes nothing of it, and tells its owner by mail', async () => {
    for (const account of [demoAccounts.officer, demoAccounts.disabled]) {
      const res = await post('auth/register', { email: account.email.toUpperCase(), password: NEW_PASSWORD, fullName: 'Someone Else' });
      expect(res.statusCode).toBe(202);
      expect(res.body).toBe('');
      const mail = (await latestMail(account.email))!;
      expect(mail.subject).toBe('Someone tried to register your e-mail at Complaint Desk');
      expect(mail.text).toContain('already has a Complaint Desk account, and nothing of it was changed');
      expect(mail.text).not.toMatch(/\/account\/activation\//);
      expectProblem(await signIn(account.email, NEW_PASSWORD), 401);
    }
    const officer = signInResponseSchema.parse((await signIn(demoAccounts.officer.email, DEMO_PASSWORD)).json()).data.user;
    expect(officer.fullName).toBe(demoAccounts.officer.fullName);
    expect((await signIn(demoAccounts.disabled.email, DEMO_PASSWORD)).json()).toMatchObject({ type: problemTypes.accountDisabled });
  });

  it('registering again while pending changes nothing: the first link still works, the owner may choose a password instead', async () => {
    const pendingEmail = 'pending.again@example.org';
    await post('auth/register', { email: pendingEmail, password: NEW_PASSWORD, fullName: 'First Name' });
    const firstCode = activationCodeIn((await latestMail(pendingEmail))!.text);
    const second = await post('auth/register', { email: pendingEmail, password: 'Another-long-passphrase-7', fullName: 'Second Name' });
    expect(second.statusCode).toBe(202);
    const told = (await latestMail(pendingEmail))!;
    expect(told.subject).toBe('Someone tried to register your e-mail at Complaint Desk');
    expect(told.text).toContain('choose your password');
    const claimCode = activationCodeIn(told.text);
    expect(claimCode).not.toBe(firstCode);
    // The claim link asks for the mailbox owner's own password; the first link activates the first registration as it was.
    expect(expectProblem(await post('auth/activate', { code: claimCode }), 400).code).toBe('passwordRequired');
    expect((await post('auth/activate', { code: firstCode })).statusCode).toBe(200);
    expectProblem(await signIn(pendingEmail, 'Another-long-passphrase-7'), 401);
    const user = signInResponseSchema.parse((await signIn(pendingEmail, NEW_PASSWORD)).json()).data.user;
    expect(user.fullName).toBe('First Name');
    expect(expectProblem(await post('auth/activate', { code: claimCode, password: 'Third-long-passphrase-9' }), 410).code).toBe(
      'accountNotPending',
    );
  });

  it('of registrations of one new address at once, one creates the account and the rest tell its owner; none fails', async () => {
    // Each round a new address, five registrations of it at once (the throttle's limit): their
    // transactions overlap, the password hash before each taking about as long.
    for (const round of [1, 2, 3]) {
      const email = `at.once.${round}@example.org`;
      const names = ['Aa', 'Bb', 'Cc', 'Dd', 'Ee'];
      const answers = await Promise.all(
        names.map((name) => post('auth/register', { email, password: NEW_PASSWORD, fullName: `At Once ${name}` })),
      );
      expect(answers.map((res) => res.statusCode)).toEqual(names.map(() => 202));
      const subjects = (await t.api.outbox(email)).map((mail) => mail.subject).sort();
      expect(subjects).toEqual([
        'Activate your Complaint Desk account',
        ...names.slice(1).map(() => 'Someone tried to register your e-mail at Complaint Desk'),
      ]);
    }
  });

  it('lets the mailbox owner take back an address a stranger registered first, with a password of their own', async () => {
    const victim = 'taken.first@example.org';
    await post('auth/register', { email: victim, password: 'Strangers-passphrase-1', fullName: 'A Stranger' });
    await post('auth/register', { email: victim, password: NEW_PASSWORD, fullName: 'The Owner' });
    const claimCode = activationCodeIn((await latestMail(victim))!.text);
    expect((await post('auth/activate', { code: claimCode, password: NEW_PASSWORD })).statusCode).toBe(200);
    expectProblem(await signIn(victim, 'Strangers-passphrase-1'), 401);
    expect((await signIn(victim, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('never hands an invitation to a stranger who registers its address first (the escalation of issue 30)', async () => {
    const admin = await t.signIn('admin');
    const invitee = 'new.admin@example.org';
    const invited = adminUserResponseSchema.parse(
      (
        await post('users', { email: invitee, fullName: 'Invited Administrator', userTypeId: userTypeByKey.administrator.id }, admin)
      ).json(),
    ).data;
    const invitationCode = activationCodeIn((await latestMail(invitee))!.text);

    const attack = await post('auth/register', { email: invitee, password: 'Strangers-passphrase-1', fullName: 'A Stranger' });
    expect(attack.statusCode).toBe(202);
    // The invited user is as the administrator left it.
    const listed = userListResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/v1/users?q=${invitee}`, headers: admin })).json(),
    ).data.items;
    expect(listed).toEqual([invited]);
    // Whatever the address's mails hold, the stranger's password activates nothing and signs in nowhere.
    const told = (await latestMail(invitee))!;
    expect(told.subject).toBe('Someone tried to register your e-mail at Complaint Desk');
    expect(told.text).toContain('invitation is still waiting');
    const resent = activationCodeIn(told.text);
    expect(expectProblem(await post('auth/activate', { code: resent }), 400).code).toBe('passwordRequired');
    expectProblem(await signIn(invitee, 'Strangers-passphrase-1'), 401);

    // The administrator's own link still works, with the invitee's password: an Administrator under the invited name.
    expect((await post('auth/activate', { code: invitationCode, password: NEW_PASSWORD })).statusCode).toBe(200);
    expectProblem(await signIn(invitee, 'Strangers-passphrase-1'), 401);
    const token = await t.api.signInEmail(invitee, NEW_PASSWORD);
    const user = meResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } })).json(),
    ).data;
    expect(user).toMatchObject({ fullName: 'Invited Administrator', userType: { name: 'Administrator' } });
    expect(expectProblem(await post('auth/activate', { code: resent, password: 'Strangers-passphrase-1' }), 410).code).toBe(
      'accountNotPending',
    );
  });

  it('re-sends no link for an expired invitation, and one that ends with the invitation for a live one', async () => {
    const admin = await t.signIn('admin');
    const invitee = 'late.invitee@example.org';
    await post('users', { email: invitee, fullName: 'Late Invitee', userTypeId: userTypeByKey.officer.id }, admin);
    await t.api.ageAccountCodes(invitee, 72 * 60 - 5);
    await post('auth/register', { email: invitee, password: NEW_PASSWORD, fullName: 'Late Invitee' });
    const resent = activationCodeIn((await latestMail(invitee))!.text);
    await t.api.ageAccountCodes(invitee, 10);
    expect(expectProblem(await post('auth/activate', { code: resent, password: NEW_PASSWORD }), 410).type).toBe(problemTypes.linkExpired);

    await post('auth/register', { email: invitee, password: NEW_PASSWORD, fullName: 'Late Invitee' });
    const told = (await latestMail(invitee))!;
    expect(told.text).toContain('the invitation has expired');
    expect(told.text).not.toMatch(/\/account\/activation\//);
  });

  it('throttles registrations of one address: each one mails it', { timeout: THROTTLE_WAIT_TIMEOUT_MS }, async () => {
    await awayFromThrottleWindowEdge();
    const email = demoAccounts.officer.email;
    for (let i = 0; i < 5; i++)
      expect((await post('auth/register', { email, password: NEW_PASSWORD, fullName: 'Again' })).statusCode).toBe(202);
    const throttled = expectProblem(await post('auth/register', { email, password: NEW_PASSWORD, fullName: 'Again' }), 429);
    expect(throttled.type).toBe(problemTypes.throttled);
    expect((await t.api.outbox(email)).filter((m) => m.subject.startsWith('Someone tried'))).toHaveLength(5);
  });

  it('refuses an expired link and an unknown one, and changes nothing', async () => {
    const late = 'late.reader@example.org';
    await post('auth/register', { email: late, password: NEW_PASSWORD, fullName: 'Late Reader' });
    const code = activationCodeIn((await latestMail(late))!.text);
    await t.api.ageAccountCodes(late, 24 * 60 + 1);
    expect(expectProblem(await post('auth/activate', { code }), 410).type).toBe(problemTypes.linkExpired);
    expect(expectProblem(await post('auth/activate', { code: 'x'.repeat(43) }), 404).type).toBe(problemTypes.linkInvalid);
    expect((await signIn(late, NEW_PASSWORD)).json()).toMatchObject({ type: problemTypes.accountPending });
  });

  it('answers bad input field by field and creates nothing', async () => {
    const cases = [
      [{ email: 'not-an-email', password: NEW_PASSWORD, fullName: 'A' }, 'email'],
      [{ email: 'a@example.org', password: 'short', fullName: 'A' }, 'password'],
      [{ email: 'a@example.org', password: 'password1234', fullName: 'A' }, 'password'],
      [{ email: 'hafiz.rahman@example.org', password: 'hafiz.rahman-long-one', fullName: 'A' }, 'password'],
      [{ email: 'a@example.org', password: NEW_PASSWORD, fullName: '   ' }, 'fullName'],
      [{ email: 'a@example.org', password: NEW_PASSWORD, fullName: 'A', phone: '<script>' }, 'phone'],
      [{ email: 'a@example.org', password: NEW_PASSWORD, fullName: 'A', role: 'administrator' }, ''],
    ] as const;
    for (const [payload, field] of cases) {
      const problem = expectProblem(await post('auth/register', payload), 400);
      expect(problem.type).toBe(problemTypes.validation);
      if (field) expect(Object.keys(problem.errors ?? {})).toContain(field);
    }
    // Nobody was registered: no activation mail went out, and the addresses cannot sign in.
    for (const email of ['a@example.org', 'hafiz.rahman@example.org']) {
      expect(await t.api.outbox(email)).toEqual([]);
      expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(401);
    }
  });
});

describe('forgot password → code → reset', () => {
  const { email } = demoAccounts.verifier;

  it('answers 202 alike for an unknown e-mail and mails nothing', async () => {
    const res = await post('auth/forgot-password', { email: 'nobody.here@example.org' });
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe('');
    expect(await latestMail('nobody.here@example.org')).toBeNull();
  });

  it('trades the mailed code for a reset token; the new password works, the old one and every session end', async () => {
    const session = bearer(await signIn(email, DEMO_PASSWORD));
    expect((await post('auth/forgot-password', { email })).statusCode).toBe(202);
    const code = otpIn((await latestMail(email))!.text);
    const verified = await post('auth/verify-otp', { email, code });
    expect(verified.statusCode).toBe(200);
    const { resetToken } = verifyOtpResponseSchema.parse(verified.json()).data;
    // The code is single use.
    expect(expectProblem(await post('auth/verify-otp', { email, code }), 400).type).toBe(problemTypes.codeExpired);

    expect((await post('auth/reset-password', { resetToken, password: NEW_PASSWORD })).statusCode).toBe(204);
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: session }), 401);
    expectProblem(await signIn(email, DEMO_PASSWORD), 401);
    expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(expectProblem(await post('auth/reset-password', { resetToken, password: 'Yet-another-passphrase-9' }), 400).type).toBe(
      problemTypes.resetTokenInvalid,
    );
  });

  it('counts wrong codes down to none; then even the right code is refused', async () => {
    const { email: officer } = demoAccounts.officer;
    await post('auth/forgot-password', { email: officer });
    const code = otpIn((await latestMail(officer))!.text);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 0; left -= 1) {
      const problem = expectProblem(await post('auth/verify-otp', { email: officer, code: wrong }), 400);
      expect(problem).toMatchObject({ type: problemTypes.codeInvalid, attemptsLeft: left });
    }
    expect(expectProblem(await post('auth/verify-otp', { email: officer, code }), 400).type).toBe(problemTypes.codeExpired);
  });

  it('refuses a code older than 10 minutes, and an older code once a newer one is sent', async () => {
    const { email: admin } = demoAccounts.admin;
    await post('auth/forgot-password', { email: admin });
    const old = otpIn((await latestMail(admin))!.text);
    await t.api.ageAccountCodes(admin, 11);
    expect(expectProblem(await post('auth/verify-otp', { email: admin, code: old }), 400).type).toBe(problemTypes.codeExpired);

    await post('auth/forgot-password', { email: admin });
    const first = otpIn((await latestMail(admin))!.text);
    await post('auth/forgot-password', { email: admin });
    const second = otpIn((await latestMail(admin))!.text);
    if (first !== second)
      expect(expectProblem(await post('auth/verify-otp', { email: admin, code: first }), 400).type).toBe(problemTypes.codeInvalid);
    expect((await post('auth/verify-otp', { email: admin, code: second })).statusCode).toBe(200);
  });

  it('never mails a code to a pending or disabled account', async () => {
    for (const who of ['pending', 'disabled'] as const) {
      expect((await post('auth/forgot-password', { email: demoAccounts[who].email })).statusCode).toBe(202);
      expect(await latestMail(demoAccounts[who].email)).toBeNull();
    }
  });
});

describe('throttling', () => {
  beforeEach(awayFromThrottleWindowEdge, THROTTLE_WAIT_TIMEOUT_MS);

  it('refuses sign-in after 5 failures for an account from one address, even with the right password, with the wait', async () => {
    const { email } = demoAccounts.contractor;
    for (let i = 0; i < 5; i += 1) expectProblem(await signIn(email, 'wrong-password-again'), 401);
    const res = await signIn(email, DEMO_PASSWORD);
    const problem = expectProblem(res, 429);
    expect(problem.type).toBe(problemTypes.throttled);
    expect(problem.retryAfter).toBeGreaterThan(0);
    expect(problem.retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(Number(res.headers['retry-after'])).toBe(problem.retryAfter);
    expect(problem.detail).toMatch(/^Try again in \d+ minutes?\.$/);
    expect(res.json()).not.toHaveProperty('data');
    // Another account from the same address is not held back by this one's failures.
    expect((await signIn(demoAccounts.officer.email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses sign-in from an address after 50 failures, whichever accounts they aimed at', async () => {
    for (let i = 0; i < 50; i += 1) await signIn(`guess${i}@example.org`, 'wrong-password-again');
    expectProblem(await signIn(demoAccounts.officer.email, DEMO_PASSWORD), 429);
  });

  it('refuses the 6th code request for an account within the window', async () => {
    const email = 'someone@example.org';
    for (let i = 0; i < 5; i += 1) expect((await post('auth/forgot-password', { email })).statusCode).toBe(202);
    expect(expectProblem(await post('auth/forgot-password', { email }), 429).type).toBe(problemTypes.throttled);
  });

  it('refuses code tries after 10 failures for an account from one address', async () => {
    const { email } = demoAccounts.verifier;
    for (let i = 0; i < 10; i += 1) expectProblem(await post('auth/verify-otp', { email, code: '123456' }), 400);
    expectProblem(await post('auth/verify-otp', { email, code: '123456' }), 429);
  });
});

describe('me', () => {
  it('changes name and phone, and refuses fields it does not take', async () => {
    const headers = await t.signIn('officer');
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers,
      payload: { fullName: '  Siti Aminah  ', phone: '+60 3-1111 2222' },
    });
    expect(meResponseSchema.parse(res.json()).data).toMatchObject({ fullName: 'Siti Aminah', phone: '+60 3-1111 2222' });
    expectProblem(await t.app.inject({ method: 'PATCH', url: '/api/v1/me', headers, payload: { email: 'x@example.org' } }), 400);
    expectProblem(await t.app.inject({ method: 'PATCH', url: '/api/v1/me', headers, payload: { phone: 'call me' } }), 400);
  });

  it('sets an avatar only from a file the caller uploaded, and removes it', async () => {
    const officer = await t.signIn('officer');
    const contractor = await t.signIn('contractor');
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      ...withHeaders(multipartFile(imageBytes.webp(2048), { filename: 'me.webp', contentType: 'image/webp' }), officer),
    });
    expect(upload.statusCode).toBe(201);
    const file = uploadFileResponseSchema.parse(upload.json()).data;
    expect(file).toMatchObject({ contentType: 'image/webp', sizeBytes: 2048 });

    const stolen = expectProblem(
      await t.app.inject({ method: 'PATCH', url: '/api/v1/me', headers: contractor, payload: { imageFileId: file.id } }),
      400,
    );
    expect(stolen.errors?.imageFileId).toBeDefined();

    const set = meResponseSchema.parse(
      (await t.app.inject({ method: 'PATCH', url: '/api/v1/me', headers: officer, payload: { imageFileId: file.id } })).json(),
    ).data;
    // The address the upload answered shows the avatar.
    expect(set.image).toBe(file.url);

    const removed = meResponseSchema.parse(
      (await t.app.inject({ method: 'PATCH', url: '/api/v1/me', headers: officer, payload: { imageFileId: null } })).json(),
    ).data;
    expect(removed.image).toBeNull();
  });

  it('changes the password only with the current one; other sessions end, this one stays', async () => {
    const { email } = demoAccounts.officer;
    const [mine, other] = [bearer(await signIn(email, DEMO_PASSWORD)), bearer(await signIn(email, DEMO_PASSWORD))];
    const wrong = expectProblem(await post('me/password', { currentPassword: 'not-it', newPassword: NEW_PASSWORD }, mine), 400);
    expect(wrong.type).toBe(problemTypes.wrongCurrentPassword);
    expect(wrong.errors?.currentPassword).toBeDefined();
    const weak = expectProblem(await post('me/password', { currentPassword: DEMO_PASSWORD, newPassword: 'qwertyqwerty' }, mine), 400);
    expect(weak.errors?.newPassword).toBeDefined();
    expect((await signIn(email, DEMO_PASSWORD)).statusCode).toBe(200);

    expect((await post('me/password', { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD }, mine)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: mine })).statusCode).toBe(200);
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: other }), 401);
    expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

function withHeaders(body: ReturnType<typeof multipartFile>, auth: Record<string, string>) {
  return { payload: body.payload, headers: { ...body.headers, ...auth } };
}
