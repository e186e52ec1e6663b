import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, demoAccounts, fixtureComplaint } from '../fixtures';
import {
  acceptInvitation,
  activationPathIn,
  ageAccountCodes,
  expect,
  failApi,
  historyPath,
  mailTo,
  mainMenu,
  resetCodeIn,
  restoreApi,
  seriousViolations,
  signIn,
  storedRoot,
  test,
  waitForMail,
} from './support';

/* Issue 4: register, activate, sign in, profile, forgotten password, throttling, sessions. */

const ACTIVATION_MAIL = /^Activate your Complaint Desk account$/;
const ATTEMPT_MAIL = /^Someone tried to register your e-mail at Complaint Desk$/;
const RESET_MAIL = /^Your Complaint Desk password reset code$/;
const DEFAULT_AVATAR = '/images/avatar-default.svg';

/** An 8×8 PNG, one colour: small, but a real image the server's byte sniffing accepts. */
const PNG_8X8 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR42mOQqbuGFTEMLQkAxFVcAf96b4gAAAAASUVORK5CYII=',
  'base64',
);

const NEW_USER = { email: 'aina.rahman@example.com', fullName: 'Aina Rahman', phone: '+60 12-345 6789' };
const FIRST_PASSWORD = 'Pantai#Timur-2026';
const SECOND_PASSWORD = 'Bukit*Bintang-88';
const THIRD_PASSWORD = 'Gunung^Ledang-1276';

const emailBox = (page: Page) => page.getByRole('textbox', { name: 'E-mail' });
const passwordBox = (page: Page) => page.getByRole('textbox', { name: 'Password', exact: true });
const signInButton = (page: Page) => page.getByRole('button', { name: 'Sign in' });
const accountMenu = (page: Page) => page.getByRole('button', { name: 'Account menu' });
const isSignIn = (r: { url(): string; request(): { method(): string } }) =>
  r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/auth/sign-in';

/** An address with this path and exactly these search parameters, however they are encoded. */
const at =
  (pathname: string, search: Record<string, string> = {}) =>
  (url: URL) =>
    url.pathname === pathname && JSON.stringify([...url.searchParams].sort()) === JSON.stringify(Object.entries(search).sort());

/** Fills the sign-in form on the current page and sends it; answers the HTTP status. */
async function submitSignIn(page: Page, email: string, password: string) {
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await emailBox(page).fill(email);
  await passwordBox(page).fill(password);
  const answered = page.waitForResponse(isSignIn);
  await signInButton(page).click();
  return (await answered).status();
}

/** A refused sign-in: the message, the password emptied, still on sign-in. */
async function expectRefused(page: Page, message: string | RegExp) {
  // The form's alert; a toast of the page before (also an alert) may still be fading out.
  await expect(page.getByRole('alert').filter({ hasText: message })).toHaveText(message);
  await expect(passwordBox(page)).toHaveValue('');
  await expect(page).toHaveURL(/\/(\?.*)?$/);
}

async function logOut(page: Page) {
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}

async function fillRegisterForm(page: Page, user: typeof NEW_USER, password = FIRST_PASSWORD) {
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await emailBox(page).fill(user.email);
  await page.getByRole('textbox', { name: 'Full name' }).fill(user.fullName);
  await page.getByRole('textbox', { name: 'Phone (optional)' }).fill(user.phone);
  await passwordBox(page).fill(password);
  await expect(page.getByText(/^Password strength: (good|strong)$/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Confirm password' }).fill(password);
}

/** Registers through the form and waits for "Check your e-mail". */
async function register(page: Page, user = NEW_USER, password = FIRST_PASSWORD) {
  await fillRegisterForm(page, user, password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(user.email);
}

/** The one-time code boxes; typing into the first moves on box by box. */
const digit = (page: Page, n: number) => page.getByRole('textbox', { name: `Digit ${n} of 6` });

async function typeCode(page: Page, code: string) {
  await digit(page, 1).click();
  await page.keyboard.type(code);
}

/** Any other six digits. */
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Asks for a reset code on /forgot-password and answers the code from the mail. */
async function askForCode(page: Page, email: string) {
  await page.goto(`/forgot-password?email=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await expect(emailBox(page)).toHaveValue(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
  await expect(page).toHaveURL(at('/forgot-password-otp', { email }));
  return resetCodeIn(await waitForMail(page, email, RESET_MAIL));
}

/** A call to `GET /api/v1/me` with that token, from the page (so through MSW in mock mode). */
function meStatusWith(page: Page, token: string) {
  return page.evaluate(async (t) => (await fetch('/api/v1/me', { headers: { Authorization: `Bearer ${t}` } })).status, token);
}

test.describe('a new account', () => {
  test('registers, activates from the mail, signs in, changes its photo and password', async ({ page }) => {
    test.slow(); // the longest journey of the suite: a dozen screens and calls
    await register(page);

    // Not active until the link is opened.
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(emailBox(page)).toHaveValue(NEW_USER.email);
    expect(await submitSignIn(page, NEW_USER.email, FIRST_PASSWORD)).toBe(403);
    await expect(page.getByRole('alert')).toContainText('This account is not activated yet');

    const mail = await waitForMail(page, NEW_USER.email, ACTIVATION_MAIL);
    await page.goto(activationPathIn(mail));
    await expect(page.getByRole('heading', { name: 'Your account is active' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(at('/', { email: NEW_USER.email }));
    await expect(emailBox(page)).toHaveValue(NEW_USER.email);
    expect(await submitSignIn(page, NEW_USER.email, FIRST_PASSWORD)).toBe(200);
    await expect(page).toHaveURL(/\/dashboard$/);

    // The photo waits for a role: an account without one may not upload.
    const headerAvatar = accountMenu(page).getByRole('img', { name: NEW_USER.fullName });
    await expect(headerAvatar).toHaveAttribute('src', DEFAULT_AVATAR);
    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    const details = page.getByRole('region', { name: 'Personal details' });
    await expect(details.getByRole('textbox', { name: 'Full name' })).toHaveValue(NEW_USER.fullName);
    await expect(details.getByRole('textbox', { name: 'E-mail' })).toHaveValue(NEW_USER.email);
    const photo = page.getByRole('region', { name: 'Profile photo' });
    await page.getByTestId('avatar-file-input').setInputFiles({ name: 'aina.png', mimeType: 'image/png', buffer: PNG_8X8 });
    const refused = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/files');
    await photo.getByRole('button', { name: 'Save photo' }).click();
    expect((await refused).status()).toBe(403);
    await expect(photo.getByText('You can add a photo once an administrator gives your account a role.')).toBeVisible();
    await expect(headerAvatar).toHaveAttribute('src', DEFAULT_AVATAR);

    // The password: the current one is asked for, then the new one is the only one.
    const change = page.getByRole('region', { name: 'Change password' });
    await change.getByRole('textbox', { name: 'Current password' }).fill(FIRST_PASSWORD);
    await change.getByRole('textbox', { name: 'New password' }).fill(SECOND_PASSWORD);
    await change.getByRole('textbox', { name: 'Confirm password' }).fill(SECOND_PASSWORD);
    const changed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/me/password');
    await change.getByRole('button', { name: 'Change password' }).click();
    expect((await changed).status()).toBe(204);
    await expect(change.getByRole('status')).toHaveText('Password changed');
    await expect(change.getByRole('textbox', { name: 'Current password' })).toHaveValue('');

    await logOut(page);
    expect(await submitSignIn(page, NEW_USER.email, FIRST_PASSWORD)).toBe(401);
    await expectRefused(page, 'Invalid e-mail or password');
    expect(await submitSignIn(page, NEW_USER.email, SECOND_PASSWORD)).toBe(200);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('an account with a role chooses a photo, previews, saves it, and keeps it across sign-ins', async ({ page }) => {
    const { fullName } = demoAccounts.verifier;
    await signIn(page, 'verifier');
    const headerAvatar = accountMenu(page).getByRole('img', { name: fullName });
    await page.goto('/profile');
    const photo = page.getByRole('region', { name: 'Profile photo' });
    const before = await headerAvatar.getAttribute('src');
    await page.getByTestId('avatar-file-input').setInputFiles({ name: 'lim.png', mimeType: 'image/png', buffer: PNG_8X8 });
    await expect(photo.getByRole('img', { name: 'Preview of the new profile photo' })).toBeVisible();
    await expect(headerAvatar).toHaveAttribute('src', before!);
    const uploaded = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/files');
    await photo.getByRole('button', { name: 'Save photo' }).click();
    expect((await uploaded).status()).toBe(201);
    await expect(page.getByText('Profile photo saved')).toBeVisible();
    const current = photo.getByRole('img', { name: 'Your profile photo' });
    const src = (await current.getAttribute('src'))!;
    expect(src).not.toBe(before);
    await expect(headerAvatar).toHaveAttribute('src', src);
    await expect.poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(8);
    await expect(photo.getByRole('button', { name: 'Remove photo' })).toBeVisible();
    // The photo is the account's, not the tab's.
    await logOut(page);
    await signIn(page, 'verifier');
    await expect(accountMenu(page).getByRole('img', { name: fullName })).not.toHaveAttribute('src', before!);
  });

  test('an activation link lasts 24 hours; registering again mails a link where the owner chooses the password', async ({ page }) => {
    test.slow(); // two registrations, two activation pages and two sign-ins
    await register(page);
    const mail = await waitForMail(page, NEW_USER.email, ACTIVATION_MAIL);
    await ageAccountCodes(page, NEW_USER.email, 24 * 60 + 1);
    await page.goto(activationPathIn(mail));
    await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
    await page.getByRole('link', { name: 'Register again' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();

    // Still pending: it cannot sign in.
    await page.goto('/');
    expect(await submitSignIn(page, NEW_USER.email, FIRST_PASSWORD)).toBe(403);

    // Registering again changes nothing of the account; the address is mailed a link to choose its password.
    await register(page, NEW_USER, SECOND_PASSWORD);
    const told = await waitForMail(page, NEW_USER.email, ATTEMPT_MAIL);
    await acceptInvitation(page, told, NEW_USER.email, THIRD_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await logOut(page);
    expect(await submitSignIn(page, NEW_USER.email, SECOND_PASSWORD)).toBe(401);
  });

  test('an activation link works once; a made-up one is not valid', async ({ page }) => {
    await register(page);
    const path = activationPathIn(await waitForMail(page, NEW_USER.email, ACTIVATION_MAIL));
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Your account is active' })).toBeVisible();
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'This link was already used' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).click();
    expect(await submitSignIn(page, NEW_USER.email, FIRST_PASSWORD)).toBe(200);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/account/activation/bm90LWEtcmVhbC1hY3RpdmF0aW9uLWNvZGUtYXQtYWxs');
    await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  });

  test('an e-mail that already has an account gets the same answer; its owner is told by mail', async ({ page }) => {
    // What the page says, with the address it names left out: word for word what a new address is told.
    const said = async (address: string) => (await page.getByRole('main').innerText()).replaceAll(address, '<address>');
    await register(page);
    const toNew = await said(NEW_USER.email);
    const { email } = demoAccounts.officer;
    await register(page, { ...NEW_USER, email });
    expect(await said(email)).toBe(toNew);
    const told = await waitForMail(page, email, ATTEMPT_MAIL);
    expect(told.text).toContain('already has a Complaint Desk account, and nothing of it was changed');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    expect(await submitSignIn(page, email, FIRST_PASSWORD)).toBe(401);
  });
});

test.describe('a forgotten password', () => {
  test('a code from the mail leads to a new password; a wrong one says how many tries are left', async ({ page, context }) => {
    test.slow();
    const { email } = demoAccounts.verifier;
    await page.goto('/');
    await emailBox(page).fill(email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(at('/forgot-password', { email }));
    await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    await expect(emailBox(page)).toHaveValue(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
    await expect(page).toHaveURL(at('/forgot-password-otp', { email }));
    const code = resetCodeIn(await waitForMail(page, email, RESET_MAIL));

    const group = page.getByRole('group', { name: 'One-time code' });
    await expect(group.getByRole('textbox')).toHaveCount(6);
    await expect(page.getByText(/^You can ask for a new code in \d+ seconds?\.$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend code' })).toBeDisabled();

    // Six digits send themselves.
    const wrong = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/auth/verify-otp');
    await typeCode(page, wrongCodeFor(code));
    expect((await wrong).status()).toBe(400);
    await expect(page.getByRole('alert')).toHaveText('Wrong code, 4 tries left.');
    await expect(digit(page, 1)).toHaveValue('');
    await expect(digit(page, 1)).toBeFocused();

    // The right code, pasted into the first box as it is copied from the mail.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.evaluate((text) => navigator.clipboard.writeText(text), code);
    await digit(page, 1).focus();
    await page.keyboard.press('ControlOrMeta+V');
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    await expect(page).toHaveURL(at('/reset-password'));
    expect(page.url()).not.toContain(code);

    await page.getByRole('textbox', { name: 'New password' }).fill(SECOND_PASSWORD);
    await page.getByRole('textbox', { name: 'Confirm password' }).fill(SECOND_PASSWORD);
    const reset = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/auth/reset-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    expect((await reset).status()).toBe(204);
    await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(emailBox(page)).toHaveValue(email);

    expect(await submitSignIn(page, email, DEMO_PASSWORD)).toBe(401);
    await expectRefused(page, 'Invalid e-mail or password');
    expect(await submitSignIn(page, email, SECOND_PASSWORD)).toBe(200);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a code older than 10 minutes is refused', async ({ page }) => {
    const { email } = demoAccounts.officer;
    const code = await askForCode(page, email);
    await ageAccountCodes(page, email, 11);
    await typeCode(page, code);
    await expect(page.getByRole('alert')).toHaveText(/^This code has expired or has no tries left\./);
    await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
    // Asking again is the way on, at once.
    await expect(page.getByRole('button', { name: 'Resend code' })).toBeEnabled();
  });

  test('a new code may be asked for after a minute, and then only the newest one works', async ({ page }) => {
    const { email } = demoAccounts.officer;
    await page.clock.install();
    const first = await askForCode(page, email);
    await expect(page.getByRole('button', { name: 'Resend code' })).toBeDisabled();
    await page.clock.fastForward(61_000);
    await expect(page.getByText(/^You can ask for a new code in/)).toBeHidden();
    await page.getByRole('button', { name: 'Resend code' }).click();
    await expect(page.getByRole('status')).toHaveText(`We sent a new code to ${email}.`);
    await expect(page.getByRole('button', { name: 'Resend code' })).toBeDisabled();
    await expect.poll(async () => (await mailTo(page, email)).filter((m) => RESET_MAIL.test(m.subject)).length).toBe(2);
    const second = resetCodeIn((await mailTo(page, email)).find((m) => RESET_MAIL.test(m.subject))!);
    if (first !== second) {
      await typeCode(page, first);
      await expect(page.getByRole('alert')).toHaveText('Wrong code, 4 tries left.');
    }
    await typeCode(page, second);
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  });
});

test.describe('sessions', () => {
  test('after five wrong passwords even the right one waits for the window to pass', async ({ page }) => {
    // Failures count in fixed 15-minute windows (docs/account-rules.md): six tries that
    // straddle the turn of a window would start counting again. Near one, wait it out.
    const WINDOW_MS = 15 * 60_000;
    const leftInWindow = () => WINDOW_MS - (Date.now() % WINDOW_MS);
    if (leftInWindow() < 30_000) {
      test.setTimeout(test.info().timeout + 40_000);
      await expect.poll(leftInWindow, { timeout: 40_000, intervals: [1_000] }).toBeGreaterThan(30_000);
    }
    const { email } = demoAccounts.contractor;
    await page.goto('/');
    for (let i = 1; i <= 5; i++) {
      expect(await submitSignIn(page, email, `Wrong#Password-${i}`)).toBe(401);
      await expectRefused(page, 'Invalid e-mail or password');
    }
    expect(await submitSignIn(page, email, DEMO_PASSWORD)).toBe(429);
    await expectRefused(page, /^Too many attempts\. Try again in \d+ minutes?\.$/);
    expect((await storedRoot(page))?.state.auth.token ?? null).toBeNull();
  });

  test('a token is refused by the API once its user has logged out', async ({ page }) => {
    await signIn(page, 'officer');
    const token: string = (await storedRoot(page)).state.auth.token;
    expect(token).toEqual(expect.any(String));
    expect(await meStatusWith(page, token)).toBe(200);
    await logOut(page);
    expect((await storedRoot(page)).state.auth.token).toBeNull();
    expect(await meStatusWith(page, token)).toBe(401);
  });

  test('signs in with the keyboard alone', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // From the top of the page, as a keyboard user arrives.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await tabTo(page, emailBox(page));
    await page.keyboard.type(demoAccounts.officer.email);
    await page.keyboard.press('Tab');
    await expect(passwordBox(page)).toBeFocused();
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(mainMenu(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  });

  test('a signed-in user is sent from the signed-out pages to the dashboard', async ({ page }) => {
    await signIn(page, 'officer');
    const signedOutPages = [
      '/register',
      '/forgot-password',
      `/forgot-password?email=${encodeURIComponent(demoAccounts.officer.email)}`,
      '/forgot-password-otp?email=x',
      '/reset-password',
      '/',
    ];
    for (const path of signedOutPages) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(mainMenu(page)).toBeVisible();
    }
  });

  test('a session ended on the server returns to sign-in, and back to the page afterwards', async ({ page }) => {
    await signIn(page, 'officer');
    await expect(mainMenu(page).getByRole('button', { name: 'Manage Complaint' })).toBeVisible();
    const token: string = (await storedRoot(page)).state.auth.token;
    // Ended elsewhere: the API is told directly, the app does not know.
    const status = await page.evaluate(
      async (t) => (await fetch('/api/v1/auth/sign-out', { method: 'POST', headers: { Authorization: `Bearer ${t}` } })).status,
      token,
    );
    expect(status).toBe(204);
    // The first call with the dead token, whichever it is, ends the session here too.
    await page.goto(historyPath);
    await expect(page).toHaveURL(at('/', { redirect: historyPath }));
    await expect(page.getByText('Your session has ended. Sign in again.')).toBeVisible();
    expect((await storedRoot(page)).state.auth.token).toBeNull();

    expect(await submitSignIn(page, demoAccounts.officer.email, DEMO_PASSWORD)).toBe(200);
    await expect(page).toHaveURL(at(historyPath));
    await expect(page.getByRole('heading', { name: 'History Complaint' })).toBeVisible();
  });

  test('a 401 on any call returns to sign-in, and back to the same place afterwards', async ({ page }) => {
    const complaint = fixtureComplaint(64);
    await signIn(page, 'officer', { path: historyPath });
    await page.getByLabel('Filter:').fill(complaint.refNo);
    // The place includes the list's view: the filter is in the URL once typing pauses.
    await expect(page).toHaveURL(at(historyPath, { q: complaint.refNo }));
    const view = page.getByRole('button', { name: `View detail of ${complaint.refNo}` });
    await expect(view).toBeVisible();
    await failApi(page, `/api/v1/complaints/${complaint.id}`, 401);
    await view.click();
    await expect(page).toHaveURL(at('/', { redirect: `${historyPath}?q=${complaint.refNo}&detail=${complaint.id}` }));
    await restoreApi(page);

    expect(await submitSignIn(page, demoAccounts.officer.email, DEMO_PASSWORD)).toBe(200);
    await expect(page).toHaveURL(at(historyPath, { q: complaint.refNo, detail: String(complaint.id) }));
    await expect(page.getByRole('dialog', { name: 'Detail History Complaint' })).toContainText(complaint.refNo);
  });
});

/** Presses Tab until `target` has the focus (a keyboard user's way there), at most 20 times. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 20; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Another session of the same account, signed in from this page (through the mocks' worker in mock mode). */
function signInElsewhere(page: Page, email: string) {
  return page.evaluate(
    async ({ email, password }) => {
      const res = await fetch('/api/v1/auth/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      return ((await res.json()) as { data: { token: string } }).data.token;
    },
    { email, password: DEMO_PASSWORD },
  );
}

test.describe('your sessions', () => {
  test('the profile lists where the account is signed in, and signs out another session or every other one', async ({ page }) => {
    test.slow(); // five sign-ins and three reloads of the profile
    const { email } = demoAccounts.verifier;
    await signIn(page, 'verifier');
    const elsewhere = await signInElsewhere(page, email);
    await page.goto('/profile');
    const sessions = page.getByRole('region', { name: 'Your sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions.getByRole('listitem').first()).toContainText('This session');
    await expect(sessions.getByRole('listitem').first()).toContainText(/Chrome \d+ on Linux/);
    expect(await seriousViolations(page)).toEqual([]);

    await sessions.getByRole('button', { name: /^Sign out Chrome \d+ on Linux, last seen / }).click();
    await expect(page.getByText(/^Chrome \d+ on Linux signed out$/)).toBeVisible();
    await expect(sessions.getByText('No other session: you are signed in here only.')).toBeVisible();
    expect(await meStatusWith(page, elsewhere)).toBe(401);

    const others = [await signInElsewhere(page, email), await signInElsewhere(page, email)];
    await page.reload();
    await expect(sessions.getByRole('listitem')).toHaveCount(3);
    await sessions.getByRole('button', { name: 'Sign out every other session' }).click();
    await expect(page.getByText('Every other session signed out')).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    for (const token of others) expect(await meStatusWith(page, token)).toBe(401);
    // This one goes on.
    await page.reload();
    await expect(sessions.getByRole('listitem').first()).toContainText('This session');
  });
});
