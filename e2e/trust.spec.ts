import { demoAccounts } from '../fixtures';
import type { Page } from '@playwright/test';
import { expect, historyPath, seriousViolations, signIn, signOut, test } from './support';

// Issue 32: honest messages, and nothing lost. Unsaved work is never dropped without asking, and an administrator is
// not offered moves that would lock themselves out.

test('a half-filled form asks before Escape, ✕ or a reload drops it', async ({ page }) => {
  await signIn(page, 'officer', { path: '/manage-complaint/complaint' });
  await page.getByRole('button', { name: 'Register complaint' }).click();
  const form = page.getByRole('dialog', { name: 'Register Complaint' });
  const description = form.getByRole('textbox', { name: 'Description' });
  // Nothing typed yet: Escape closes at once.
  await expect(description).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();

  await page.getByRole('button', { name: 'Register complaint' }).click();
  await description.fill('Rubbish left by the drain for three days.');
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  // Escape answers the question, not the form underneath.
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(description).toHaveValue('Rubbish left by the drain for three days.');

  // A reload (or closing the tab) gets the browser's own question.
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true }).catch(() => {});
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  await expect(description).toHaveValue('Rubbish left by the drain for three days.');

  await form.getByRole('button', { name: 'Close' }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(form).toBeHidden();
  await expect(ask).toBeHidden();
});

test('leaving Matrix Privilege with unsaved changes asks first; staying keeps them', async ({ page }) => {
  await signIn(page, 'admin', { path: '/manage-user/matrix-privilage' });
  await page.getByRole('checkbox', { name: 'Zone: Update' }).click();
  await expect(page.getByText('1 unsaved change', { exact: true })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Dashboard' }).click();
  const ask = page.getByRole('dialog', { name: 'Leave this page?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(/matrix-privilage/);
  await expect(page.getByText('1 unsaved change', { exact: true })).toBeVisible();
  await menu.getByRole('link', { name: 'Dashboard' }).click();
  await ask.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Nothing was saved on the way out.
  await page.goto('/manage-user/matrix-privilage');
  await expect(page.getByText('0 unsaved changes')).toBeVisible();
});

test('the administrator is not offered to disable their own account, change their own type or lock themselves out', async ({ page }) => {
  await signIn(page, 'admin', { path: `/manage-user/user?q=${encodeURIComponent(demoAccounts.admin.email)}` });
  await expect(page.getByRole('button', { name: `Edit ${demoAccounts.admin.email}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Disable ${demoAccounts.admin.email}` })).toHaveCount(0);
  await page.getByRole('button', { name: `Edit ${demoAccounts.admin.email}` }).click();
  const form = page.getByRole('dialog', { name: 'Edit User' });
  await expect(form.getByRole('combobox', { name: 'User type' })).toBeDisabled();
  await expect(form.getByText('You cannot change your own user type.')).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();

  // The Invite dialog asks for the invitee's address, not "your" own.
  await page.getByRole('button', { name: 'Invite user' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite a User' });
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText("Enter the user's e-mail address")).toBeVisible();
  await expect(invite.getByText('Enter your e-mail address')).toHaveCount(0);
  await invite.getByRole('button', { name: 'Cancel' }).click();

  // Another user's row still has it.
  await page.goto(`/manage-user/user?q=${encodeURIComponent(demoAccounts.officer.email)}`);
  await expect(page.getByRole('button', { name: `Disable ${demoAccounts.officer.email}` })).toBeVisible();

  await page.goto('/manage-user/matrix-privilage');
  await page.getByRole('combobox', { name: 'User type' }).click();
  await page.getByRole('option', { name: 'Administrator' }).click();
  await expect(page.getByRole('checkbox', { name: 'Matrix Privilege: Update (kept for your own user type)' })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Matrix Privilege: Update (kept for your own user type)' })).toBeChecked();
});

test('a record outside the caller’s reach says so, not “check your connection”', async ({ page }) => {
  // Complaint 63 is Sinar Lestari's; the contractor's user is of Alam Bersih.
  await signIn(page, 'contractor', { path: `${historyPath}?detail=63` });
  const alert = page.getByRole('alert').filter({ hasText: 'Not there, or not yours to see' });
  await expect(alert).toBeVisible();
  await expect(alert).not.toContainText('connection');
  await expect(alert.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  // The mailbox of everyone is the administrators' alone.
  await page.goto('/apps/email/1?all=true');
  await expect(page.getByRole('alert').filter({ hasText: 'Not there, or not yours to see' })).toBeVisible();
});

test('a moment offline while opening a form says so, never a 500, and comes back online by itself', async ({ page, context }) => {
  await signIn(page, 'officer', { path: '/manage-complaint/complaint' });
  await expect(page.getByRole('button', { name: 'Register complaint' })).toBeVisible();
  // The form's code is fetched when it first opens: the network is gone by then.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Register complaint' }).click();
  await expect(page.getByRole('heading', { name: 'You seem to be offline' })).toBeVisible();
  await expect(page.getByText('500')).toHaveCount(0);
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Register complaint' }).click();
  await expect(page.getByRole('dialog', { name: 'Register Complaint' })).toBeVisible();
});

test('History by keyboard: a row is one Tab stop, arrows move between rows, Enter opens, Escape comes back to the row', async ({
  page,
}) => {
  await signIn(page, 'officer', { path: historyPath });
  const actions = page.getByRole('button', { name: /^View detail of / });
  await expect(actions).toHaveCount(10);
  const names = await actions.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')!));
  await actions.first().focus();
  // Tab goes from one row's action to the next row's: no cell in between.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: names[1] })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('button', { name: names[2] })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('button', { name: names[0] })).toBeFocused();
  await page.keyboard.press('Control+End');
  await expect(page.getByRole('button', { name: names[9] })).toBeFocused();
  await page.keyboard.press('Enter');
  const detail = page.getByRole('dialog', { name: 'Detail History Complaint' });
  await expect(detail).toContainText(names[9]!.replace('View detail of ', ''));
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(page.getByRole('button', { name: names[9] })).toBeFocused();
});

test('at 1366 px a row’s actions are whole in view, and the table’s scrollbar shows without hovering', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await signIn(page, 'verifier', { path: '/manage-complaint/verify-complaint' });
  const verify = page.getByRole('button', { name: /^Verify CMP-/ }).first();
  await expect(verify).toBeInViewport({ ratio: 1 });
  await signOutAndIn(page);
  await expect(page.getByRole('button', { name: /^Delete CMP-/ }).first()).toBeInViewport({ ratio: 1 });
  // The table is wider than its place here: its scrollbar is there before any hover.
  await page.mouse.move(0, 0);
  await expect(page.locator('.mantine-ScrollArea-scrollbar[data-orientation="horizontal"]').first()).toBeVisible();
});

async function signOutAndIn(page: Page) {
  await signOut(page);
  await signIn(page, 'officer', { path: '/manage-complaint/complaint' });
}

test('on a phone a claim record’s lines fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'officer', { path: '/manage-complaint/claim-record?open=1' });
  const lines = page.getByRole('list', { name: /^Fined complaints of / });
  await expect(lines.getByRole('listitem')).toHaveCount(1);
  await expect(lines.getByText('20,000.00')).toBeInViewport({ ratio: 1 });
  await expect(lines.getByText('CMP-2026-000007')).toBeInViewport({ ratio: 1 });
});

test('keys: / puts the cursor in the list’s search, ? shows every shortcut', async ({ page }) => {
  await signIn(page, 'officer', { path: historyPath });
  await expect(page.getByRole('button', { name: /^View detail of / })).toHaveCount(10);
  await page.locator('body').press('/');
  const search = page.getByRole('textbox', { name: 'Filter:' });
  await expect(search).toBeFocused();
  // In a field, the keys are text.
  await page.keyboard.type('?/');
  await expect(search).toHaveValue('?/');
  await search.fill('');
  await page
    .getByRole('button', { name: /^View detail of / })
    .first()
    .focus();
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toContainText('Search the list on this screen');
  await expect(sheet).toContainText('The same control of the next or previous row');
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
});
