import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demoAccounts } from '../fixtures';
import { answerSecondFactor as answerWithPhone, typeCode } from '../fixtures/phone-in-browser';
import { Phones } from '../fixtures/phones';

export type Role = 'admin' | 'officer' | 'verifier' | 'contractor';

/**
 * Signs in through the sign-in form, as a person would: opened on `path`, a guarded page sends
 * the person to sign in and back there afterwards (one page load, not two); waits for the
 * dashboard, or for `path`.
 */
export async function signIn(page: Page, role: Role, { path = '/' } = {}) {
  await page.goto(path);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(demoAccounts[role].email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('textbox', { name: 'Password', exact: true }).press('Enter');
  // An administrator's user type requires a second factor: enrolled at the first sign-in, typed after.
  if (role === 'admin') await answerSecondFactor(page, demoAccounts.admin.email);
  const asked = new URL(path, 'http://app');
  const redirect = asked.searchParams.get('redirect');
  const landing = asked.pathname !== '/' ? asked.pathname : redirect ? new URL(redirect, 'http://app').pathname : '/dashboard';
  await expect(page).toHaveURL((url) => url.pathname === landing);
}

/** The authenticator app of each person a test signs in as, per browser context (a test's). */
const phonesOf = new WeakMap<BrowserContext, Phones>();
export const phonesFor = (page: Page) => {
  if (!phonesOf.has(page.context())) phonesOf.set(page.context(), new Phones());
  return phonesOf.get(page.context())!;
};

/** Sign-in's second step as the person takes it with their phone (fixtures/phone-in-browser.ts), with this test's phones. */
export const answerSecondFactor = (page: Page, email: string) => answerWithPhone(page, email, phonesFor(page));
export { typeCode };

/** Signs out through the account menu, as a person would, and waits for the sign-in page. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Waits until the page has settled: two frames pass with no CSS transition running (a dialog or
 * toast shown by the last click may start its transition a frame or two after the click returns).
 */
export function settled(page: Page) {
  return page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let round = 0; round < 20; round += 1) {
      await frame();
      await frame();
      const running = document.getAnimations().filter((a) => a instanceof CSSTransition);
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

/**
 * WCAG 2 A and AA as axe checks them: what is serious or critical on the page as it is now, or
 * only within `include` (a CSS selector: a dialog opened over a page already checked).
 */
export async function seriousViolations(page: Page, { include }: { include?: string } = {}) {
  const check = async () => {
    // A dialog fading in blends its colours with the page: judge contrast once it has settled.
    await settled(page);
    const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
    const { violations } = await (include ? builder.include(include) : builder).analyze();
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  };
  const found = await check();
  // A toast that closed by itself while axe read the page was caught fading out: judge it again, settled.
  const fading = found.some((v) => v.targets.some((target) => target.includes('mantine-Notification')));
  return fading ? check() : found;
}

/** The JSON the app keeps under localStorage `root`. */
export async function storedRoot(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? 'null'));
}

export const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
export const historyPath = '/manage-complaint/history-complaint';

/** Whether the suite runs against the real server (no MSW worker in the page). */
export const againstServer = process.env.E2E_TARGET === 'server';

/**
 * Makes every call to `path` (a pathname) answer `status`, 0 for a network failure, with
 * `body` when given (a malformed answer) instead of a problem; from the
 * next request on, until `restoreApi`. The page must already be open on the app.
 */
export async function failApi(page: Page, path: string, status: number, body?: unknown) {
  if (againstServer) {
    await page.route(
      (url) => url.pathname === path,
      (route) =>
        status === 0
          ? route.abort()
          : body !== undefined
            ? route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) })
            : route.fulfill({
                status,
                contentType: 'application/problem+json',
                body: JSON.stringify({ type: 'about:blank', title: 'Injected failure', status }),
              }),
    );
  } else {
    await page.waitForFunction(() => window.__mockFaults !== undefined);
    await page.evaluate(([p, s, b]) => window.__mockFaults!.fail(p as string, s as number, b), [path, status, body] as const);
  }
}

export async function restoreApi(page: Page) {
  if (againstServer) await page.unrouteAll();
  else await page.evaluate(() => window.__mockFaults!.clear());
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

declare global {
  interface Window {
    __mockFaults?: { fail: (path: string, status: number, body?: unknown) => void; clear: () => void };
    __mockDb?: {
      reset: () => void;
      outbox: (to: string) => Mail[];
      ageAccountCodes: (email: string, minutes: number) => void;
      addArchiveComplaints: (count: number) => void;
    };
  }
}

/**
 * The mail an address received, newest first, as a new user would read it: from the server's
 * outbox (test servers only) or from the mocks'. In mock mode the page must be open on the app.
 */
export async function mailTo(page: Page, to: string): Promise<Mail[]> {
  if (againstServer) {
    const res = await page.request.get(`/api/test/outbox?to=${encodeURIComponent(to)}`);
    expect(res.status()).toBe(200);
    return ((await res.json()) as { data: { items: Mail[] } }).data.items;
  }
  await page.waitForFunction(() => window.__mockDb?.outbox !== undefined);
  return page.evaluate((address) => window.__mockDb!.outbox(address), to);
}

/** Waits for the newest mail to `to` whose subject matches, and answers it. */
export async function waitForMail(page: Page, to: string, subject: RegExp, { after = 0 } = {}): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailTo(page, to)).find((m) => subject.test(m.subject) && Date.parse(m.createdAt) >= after);
        return found !== undefined;
      },
      { message: `a mail to ${to} with subject ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The path of the activation link in a mail, e.g. `/account/activation/abc…`. */
export function activationPathIn(mail: Mail): string {
  const match = /https?:\/\/\S+?(\/account\/activation\/[A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no activation link in: ${mail.text}`);
  return match[1]!;
}

export function resetCodeIn(mail: Mail): string {
  const match = /Your code: (\d{6})/.exec(mail.text);
  if (!match) throw new Error(`no code in: ${mail.text}`);
  return match[1]!;
}

/** Moves an account's activation links, codes and reset tokens `minutes` into the past. */
export async function ageAccountCodes(page: Page, email: string, minutes: number) {
  if (againstServer) {
    expect((await page.request.post('/api/test/age-account-codes', { data: { email, minutes } })).status()).toBe(204);
  } else {
    await page.waitForFunction(() => window.__mockDb?.ageAccountCodes !== undefined);
    await page.evaluate(([address, m]) => window.__mockDb!.ageAccountCodes(address as string, m as number), [email, minutes]);
  }
}

/** Adds that many older, decided complaints (fixtures/archive-complaints.ts). In mock mode the page must be open on the app. */
export async function addArchiveComplaints(page: Page, count: number) {
  if (againstServer) {
    expect((await page.request.post('/api/test/archive-complaints', { data: { count } })).status()).toBe(204);
  } else {
    await page.waitForFunction(() => window.__mockDb?.addArchiveComplaints !== undefined);
    await page.evaluate((n) => window.__mockDb!.addArchiveComplaints(n), count);
  }
}

/**
 * Every test starts from the fixture data set: in mock mode each test's tab has its own
 * state; against a server (run with ALLOW_TEST_RESET=true and one worker) it is reset first.
 */
export const test = base.extend<{ freshData: void }>({
  freshData: [
    async ({ request }, use) => {
      if (againstServer) expect((await request.post('/api/test/reset')).status()).toBe(204);
      await use();
    },
    { auto: true },
  ],
});
export { expect };

/**
 * Puts a moment in the date-and-time field labelled `label`, as a user types it: the day as
 * DD-MM-YYYY, then Tab to the time, and the time's keys as Chromium's time field takes them
 * (hours, minutes, then A or P): what a person does, key by key.
 */
export async function pickDateTime(page: Page, form: Locator, label: RegExp, at: { date: string; time: string; amPm: 'AM' | 'PM' }) {
  const field = form.getByRole('group', { name: label });
  // The day first, then the time (Chromium names its time field a textbox too).
  const day = field.getByRole('textbox').first();
  const [year, month, date] = at.date.split('-');
  await day.click();
  await day.press('ControlOrMeta+a');
  await day.pressSequentially(`${date}-${month}-${year}`);
  await page.keyboard.press('Tab');
  const time = field.locator('input[type="time"]');
  await expect(time).toBeFocused();
  await page.keyboard.type(`${at.time.replace(':', '')}${at.amPm[0]}`);
  const [hours, minutes] = at.time.split(':').map(Number) as [number, number];
  const hours24 = (hours % 12) + (at.amPm === 'PM' ? 12 : 0);
  await expect(time).toHaveValue(`${String(hours24).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`);
}

/** Picks `option` in the select labelled `label` of `dialog`. */
export async function choose(page: Page, dialog: Locator, label: RegExp, option: string) {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** A day before today in Kuala Lumpur, where the browser runs, as YYYY-MM-DD. */
export const klYesterday = () => new Date(Date.now() + 8 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);

/**
 * Fills the open Register Complaint form as an officer does (misconduct yesterday at `time`),
 * registers it and answers the reference the toast gives.
 */
export async function registerComplaint(
  page: Page,
  form: Locator,
  fields: { offence: string; time: string; description: string; contractor: string; offender: string; location: string; qty: number },
): Promise<string> {
  await choose(page, form, /^Type of Offence/, fields.offence);
  await pickDateTime(page, form, /^Date of Misconduct/, { date: klYesterday(), time: fields.time, amPm: 'AM' });
  await form.getByRole('textbox', { name: /^Description/ }).fill(fields.description);
  await choose(page, form, /^Contractor/, fields.contractor);
  await form.getByRole('textbox', { name: /^Offender/ }).fill(fields.offender);
  await form.getByRole('textbox', { name: /^Location/ }).fill(fields.location);
  await form.getByRole('textbox', { name: /^Quantity/ }).fill(String(fields.qty));
  await form.getByRole('button', { name: 'Register', exact: true }).click();
  const registered = page.getByText(/^Complaint CMP-\d{4}-\d{6} registered$/);
  await expect(registered).toBeVisible();
  return /CMP-\d{4}-\d{6}/.exec((await registered.textContent())!)![0];
}

/** A complaint as an officer registers one against Alam Bersih (the contractor's company). */
export const FRESH_COMPLAINT = {
  offence: 'Illegal dumping',
  time: '08:45',
  description: 'Bags of garden waste left beside the bins.',
  contractor: 'Alam Bersih Sdn Bhd',
  offender: 'Unknown',
  location: 'Jalan Kebun Bunga',
  qty: 2,
} as const;

/** Signs in as the officer and registers `FRESH_COMPLAINT`, misconduct yesterday; answers its reference. */
export async function registerFreshComplaint(page: Page) {
  await signIn(page, 'officer', { path: '/manage-complaint/complaint' });
  await page.getByRole('button', { name: 'Register complaint' }).click();
  return registerComplaint(page, page.getByRole('dialog', { name: 'Register Complaint' }), FRESH_COMPLAINT);
}

/**
 * On the Users screen, as an administrator: fills the invitation of `email` as `userType` of
 * the authority (Majlis Perbandaran Seri Kenanga); answers the form, to check and send.
 */
export async function inviteUser(page: Page, invitee: { email: string; fullName: string; userType: string }) {
  await page.getByRole('button', { name: 'Invite user' }).click();
  const form = page.getByRole('dialog', { name: 'Invite a User' });
  await form.getByRole('textbox', { name: /^E-mail/ }).fill(invitee.email);
  await form.getByRole('combobox', { name: /^User type/ }).click();
  await page.getByRole('option', { name: invitee.userType, exact: true }).click();
  await form.getByRole('textbox', { name: /^Full name/ }).fill(invitee.fullName);
  await form.getByRole('combobox', { name: /^Organisation/ }).fill('Majlis');
  await page.getByRole('option', { name: 'Majlis Perbandaran Seri Kenanga' }).click();
  return form;
}

/** The invitee opens the mail's link (axe-checked), chooses `password`, and signs in; ends on the dashboard. */
export async function acceptInvitation(page: Page, mail: Mail, email: string, password: string) {
  await page.goto(activationPathIn(mail));
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('textbox', { name: 'Choose a password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: /^Confirm/ }).fill(password);
  await page.getByRole('button', { name: 'Accept and activate' }).click();
  await expect(page.getByRole('heading', { name: 'Your account is active' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
