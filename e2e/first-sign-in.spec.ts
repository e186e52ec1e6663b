import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, demoAccounts } from '../fixtures';
import { expect, historyPath, seriousViolations, test } from './support';

/*
 * index.html draws the sign-in form before the app's code has come (issue 31: usable on a slow
 * phone network); the app's sign-in page takes over what was typed. Here the code is held back
 * until the test lets it come, as a slow network would.
 */

/** Holds every script of the app back until `release` is called. */
async function holdTheCode(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/(assets|src)\/.*\.(js|tsx?)(\?.*)?$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const firstForm = (page: Page) => page.locator('#first-sign-in');

test('the sign-in form is usable before the code comes; what was typed, the caret and Sign in carry over', async ({ page }) => {
  const release = await holdTheCode(page);
  await page.goto(historyPath, { waitUntil: 'commit' });
  await expect(firstForm(page)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('textbox', { name: 'E-mail' }).fill(demoAccounts.officer.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).pressSequentially(DEMO_PASSWORD.slice(0, 5));
  release();
  // Typing goes on while the app takes over: no key is lost, the caret stays in the password.
  await page.keyboard.type(DEMO_PASSWORD.slice(5), { delay: 60 });
  await expect(firstForm(page)).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(demoAccounts.officer.email);
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue(DEMO_PASSWORD);
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === historyPath);
});

test('Sign in pressed before the code comes signs in once it has, in Malay too', async ({ page }) => {
  const release = await holdTheCode(page);
  await page.goto('/?lng=ms', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Log masuk' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ms');
  await page.getByRole('textbox', { name: 'E-mel' }).fill(demoAccounts.officer.email);
  await page.getByRole('textbox', { name: 'Kata laluan', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log masuk' }).click();
  await expect(page.getByRole('button', { name: 'Log masuk' })).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('"Forgot password?" takes the e-mail typed before the code came', async ({ page }) => {
  const release = await holdTheCode(page);
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('textbox', { name: 'E-mail' }).fill(demoAccounts.verifier.email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  release();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/forgot-password' && url.searchParams.get('email') === demoAccounts.verifier.email,
  );
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(demoAccounts.verifier.email);
});

test('not drawn for someone signed in, nor on the pages that need no sign-in', async ({ page }) => {
  const release = await holdTheCode(page);
  /** The page is read to its end (its module script's tag), so index.html's own script has run. */
  const parsed = () => expect(page.locator('script[type="module"]').last()).toBeAttached();
  await page.goto('/register', { waitUntil: 'commit' });
  await parsed();
  await expect(firstForm(page)).toHaveCount(0);
  await page.evaluate(() =>
    localStorage.setItem('root', JSON.stringify({ state: { auth: { token: 'x'.repeat(43), user: null } }, version: 0 })),
  );
  await page.goto(historyPath, { waitUntil: 'commit' });
  await parsed();
  await expect(firstForm(page)).toHaveCount(0);
  // Signed out, the same page draws it.
  await page.evaluate(() => localStorage.removeItem('root'));
  await page.goto(historyPath, { waitUntil: 'commit' });
  await parsed();
  await expect(firstForm(page)).toBeVisible();
  release();
});
