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
  await signIn(page, 'admin');
  await page.goto('/no/such/page');
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

test('logout clears the session and the menu list, then goes to / after 100 ms', async ({ page }) => {
  await signIn(page, 'officer');
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByText('Manage Complaint')).toBeVisible();
  await page.clock.install();
  await page.getByRole('button', { name: 'Account menu' }).click();
  const logout = page.getByRole('menuitem', { name: 'Logout' });
  await expect(logout).toBeVisible();
  await page.clock.pauseAt(Date.now() + 1000);
  await logout.click();

  const root = await storedRoot(page);
  expect(root.state.auth).toEqual({ token: null, user: null });
  expect(root.state.dashboard.sidebarMenus).toEqual([]);
  await page.clock.runFor(95);
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  await page.clock.runFor(10);
  await page.clock.resume();
  await expect(page).toHaveURL(/\/$/);
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
