import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support';

/* WCAG 2 A and AA, as axe checks them: nothing serious or critical on the account screens. */

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

const signedOutPages: [string, string][] = [
  ['/', 'Sign in'],
  ['/register', 'Create an account'],
  ['/account/activation/bm90LWEtcmVhbC1hY3RpdmF0aW9uLWNvZGU', 'This link is not valid'],
  ['/forgot-password', 'Forgot password'],
  ['/forgot-password-otp?email=x', 'Enter the code'],
  ['/reset-password', 'Ask for a code first'],
];

for (const [path, heading] of signedOutPages) {
  test(`${path}: no serious or critical WCAG 2 A/AA violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('/register with its messages showing: no serious or critical violations', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('not-an-address');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(/^Password strength: /)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);
});

test('/profile (signed in): no serious or critical violations', async ({ page }) => {
  await signIn(page, 'officer');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Personal details' }).getByRole('textbox', { name: 'Full name' })).not.toHaveValue('');
  await expect(page.getByRole('button', { name: /^Notifications, \d+ unread$/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the account menu opened from the keyboard: focus on its first item, no serious violations', async ({ page }) => {
  await signIn(page, 'officer');
  const trigger = page.getByRole('button', { name: 'Account menu' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  // No focus placeholder inside role=menu (the theme turns it off): the first item has focus.
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
});
