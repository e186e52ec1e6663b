import { complaints, demoAccounts, notifications } from '../fixtures';
import { expect, historyPath, signIn, test } from './support';

const verifierMoves = complaints
  .flatMap((c) =>
    c.statusHistory.filter((h) => h.changedBy.id === demoAccounts.verifier.id).map((h) => ({ ...h, refNo: c.refNo, id: c.id })),
  )
  .sort((a, b) => Date.parse(b.changedAt) - Date.parse(a.changedAt));

test('the side panel shows the user’s own moves and messages, each leading to what it is about', async ({ page }) => {
  await signIn(page, 'verifier');
  await page.getByRole('button', { name: 'Toggle side panel' }).click();
  const aside = page.getByLabel('Side panel');

  const latest = verifierMoves[0]!;
  await aside.getByRole('link', { name: latest.refNo }).first().click();
  await expect(page).toHaveURL(new RegExp(`${historyPath}\\?detail=${latest.id}`));
  await expect(page.getByRole('dialog', { name: 'Detail History Complaint' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();

  await aside.getByRole('tab', { name: 'Messages' }).click();
  const own = notifications
    .filter((n) => n.recipientId === demoAccounts.verifier.id)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  await expect(aside.getByText(own[0]!.title).first()).toBeVisible();
});

test('settings are kept on the server and applied at the next sign-in', async ({ page }) => {
  await signIn(page, 'officer');
  await page.getByRole('button', { name: 'Toggle side panel' }).click();
  const aside = page.getByLabel('Side panel');
  await aside.getByRole('tab', { name: 'Settings' }).click();
  await aside.getByText('Bahasa Melayu').click();
  // In Malay now: the panel is found by its Malay name.
  const panel = page.getByRole('complementary', { name: 'Panel sisi' });
  await expect(panel.getByRole('tab', { name: 'Tetapan' })).toBeVisible();
  await panel.getByText('Gelap').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  // Saved as this user's choice, the mode survives a reload (light stays the default on load).
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('root')!).state.auth.user.preferences.colorMode))
    .toBe('dark');
  await page.reload();
  await panel.getByRole('tab', { name: 'Tetapan' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await panel.getByRole('switch').check();
  await expect(panel.getByRole('switch')).toBeChecked();

  // Anywhere else: this browser forgets its language, then the same user signs in again.
  await page.getByRole('button', { name: /Menu akaun|Account menu/ }).click();
  await page.getByRole('menuitem', { name: /Log keluar|Logout/ }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.evaluate(() => {
    localStorage.removeItem('i18nextLng');
    document.cookie = 'i18next=; max-age=0; path=/';
  });
  await page.goto('/?lng=en');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(demoAccounts.officer.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo#2026pass');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  // The panel stays open across sign-ins in this browser (the layout is kept locally).
  await expect(panel.getByRole('tab', { name: 'Tetapan' })).toBeVisible();
  await panel.getByRole('tab', { name: 'Tetapan' }).click();
  await expect(panel.getByRole('switch')).toBeChecked();
  await expect(panel.getByRole('radio', { name: 'Gelap' })).toBeChecked();
});
