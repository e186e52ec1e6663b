import { DEMO_PASSWORD, demoAccounts } from '../fixtures';
import { expect, failApi, historyPath, signIn, storedRoot, test } from './support';

test('a guarded page sends a signed-out user to sign-in, and back there afterwards', async ({ page }) => {
  await page.goto(`${historyPath}?detail=64`);
  await expect(page).toHaveURL(/\/\?redirect=/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await signIn(page, 'officer', { path: page.url().replace(/^https?:\/\/[^/]+/, '') });
  await expect(page).toHaveURL(new RegExp(`${historyPath}\\?detail=64$`));
  await expect(page.getByRole('dialog', { name: 'Detail History Complaint' })).toBeVisible();
});

test('an unknown path falls to the guarded layout too', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/\?redirect=%2Fno%2Fsuch%2Fpage/);
  await signIn(page, 'admin', { path: '/no/such/page' });
  await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
});

test('wrong credentials: a clear message, nothing stored', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(demoAccounts.officer.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid e-mail or password');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(demoAccounts.officer.email);
  expect((await storedRoot(page))?.state.auth).toEqual({ token: null, user: null });
});

test('empty fields are named before anything is sent', async ({ page }) => {
  let calls = 0;
  page.on('request', (r) => r.url().includes('/api/v1/auth/sign-in') && calls++);
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter your e-mail address')).toBeVisible();
  await expect(page.getByText('Enter your password')).toBeVisible();
  expect(calls).toBe(0);
});

test('a pending account is refused with the reason', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(demoAccounts.pending.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText(/activat/i);
});

test('sign-in stores token and user; Remember me keeps the e-mail for next time', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(demoAccounts.verifier.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const root = await storedRoot(page);
  expect(root.state.auth.token).toEqual(expect.any(String));
  expect(root.state.auth.user.email).toBe(demoAccounts.verifier.email);
  expect(root.state.remember.value).toBe(demoAccounts.verifier.email);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(demoAccounts.verifier.email);
  await expect(page.getByLabel('Remember me')).toBeChecked();
});

test('the session and the app state survive a reload', async ({ page }) => {
  await signIn(page, 'officer');
  await page.getByRole('button', { name: 'Toggle side panel' }).click();
  await expect(page.getByRole('tab', { name: 'Timeline' })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('tab', { name: 'Timeline' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByText('Manage Complaint')).toBeVisible();
  expect((await storedRoot(page)).state.dashboard.asideShow).toBe(true);
});

test('logout ends the session on the server, then clears it and the menu list, and goes to / 100 ms later', async ({ page }) => {
  // The moments are taken inside the page, so a busy test machine cannot skew them: the
  // sign-out answer (fetch), the stored session emptied (localStorage), the move to / (history).
  await page.addInitScript(() => {
    const moments: { answeredAt?: number; clearedAt?: number; cleared?: unknown; leftAt?: number } = {};
    (window as unknown as { __logout: typeof moments }).__logout = moments;
    let hadToken = false;
    const fetch = window.fetch;
    window.fetch = async function (this: unknown, ...args: Parameters<typeof window.fetch>) {
      const response = await fetch.apply(this, args);
      const url = args[0] instanceof Request ? args[0].url : String(args[0]);
      if (new URL(url, location.href).pathname === '/api/v1/auth/sign-out') moments.answeredAt ??= performance.now();
      return response;
    };
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      setItem.call(this, key, value);
      if (key !== 'root') return;
      const state = JSON.parse(value).state;
      if (state.auth.token) hadToken = true;
      else if (hadToken && moments.clearedAt === undefined) {
        moments.clearedAt = performance.now();
        moments.cleared = state;
      }
    };
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = History.prototype[method];
      History.prototype[method] = function (this: History, ...args: Parameters<History['pushState']>) {
        original.apply(this, args);
        if (moments.clearedAt !== undefined && moments.leftAt === undefined && location.pathname === '/') {
          moments.leftAt = performance.now();
        }
      };
    }
  });
  await signIn(page, 'officer');
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByText('Manage Complaint')).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  const logout = page.getByRole('menuitem', { name: 'Logout' });
  await expect(logout).toBeVisible();
  const signedOut = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/auth/sign-out');
  await logout.click();
  expect((await signedOut).status()).toBe(204);

  await expect(page).toHaveURL(/\/$/);
  const moments = (await page.evaluate(() => (window as unknown as { __logout: Record<string, unknown> }).__logout)) as {
    answeredAt: number;
    clearedAt: number;
    cleared: { auth: unknown; dashboard: { sidebarMenus: unknown[] } };
    leftAt: number;
  };
  expect(moments.cleared.auth).toEqual({ token: null, user: null });
  expect(moments.cleared.dashboard.sidebarMenus).toEqual([]);
  expect(moments.clearedAt).toBeGreaterThanOrEqual(moments.answeredAt);
  expect(moments.leftAt - moments.clearedAt).toBeGreaterThanOrEqual(98);
  expect(moments.leftAt - moments.clearedAt).toBeLessThan(1000);
  const root = await storedRoot(page);
  expect(root.state.auth).toEqual({ token: null, user: null });
  expect(root.state.dashboard.sidebarMenus).toEqual([]);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/\?redirect=/);
});

test('a token the server refuses ends the session and returns to sign-in', async ({ page }) => {
  await signIn(page, 'officer');
  await failApi(page, '/api/v1/menu/privileges', 401);
  await page.goto(historyPath);
  await expect(page).toHaveURL(/\/\?redirect=%2Fmanage-complaint%2Fhistory-complaint/);
  expect((await storedRoot(page)).state.auth.token).toBeNull();
});
