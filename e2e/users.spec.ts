import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { activationPathIn, expect, mainMenu, signIn, signOut, test, waitForMail } from './support';

/* Users (issue 11): an administrator invites, the invitee chooses a password and works; disabling signs out. */

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

const PASSWORD = 'a long chosen passphrase';

test('an administrator invites an officer, who chooses a password from the mail, signs in and sees the officer’s menu', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/manage-user/user');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Invite user' }).click();
  const form = page.getByRole('dialog', { name: 'Invite a User' });
  await form.getByRole('textbox', { name: /^E-mail/ }).fill('nadia@example.com');
  await form.getByRole('combobox', { name: /^User type/ }).click();
  await page.getByRole('option', { name: 'Officer', exact: true }).click();
  await form.getByRole('textbox', { name: /^Full name/ }).fill('Nadia binti Ismail');
  await form.getByRole('combobox', { name: /^Organisation/ }).fill('Majlis');
  await page.getByRole('option', { name: 'Majlis Perbandaran Seri Kenanga' }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent to nadia@example.com')).toBeVisible();
  await page.getByLabel('Filter:').fill('nadia');
  const row = page.getByRole('row').filter({ hasText: 'nadia@example.com' });
  await expect(row).toContainText('Invited');
  await expect(row).toContainText('Officer');

  const mail = await waitForMail(page, 'nadia@example.com', /invited to Complaint Desk/);
  // One tab, which holds the mock data in mock mode: the administrator leaves, the invitee comes.
  await signOut(page);
  const invitee = page;
  await invitee.goto(activationPathIn(mail));
  await expect(invitee.getByRole('heading', { name: 'Accept your invitation' })).toBeVisible();
  expect(await seriousViolations(invitee)).toEqual([]);
  await invitee.getByRole('textbox', { name: 'Choose a password', exact: true }).fill(PASSWORD);
  await invitee.getByRole('textbox', { name: /^Confirm/ }).fill(PASSWORD);
  await invitee.getByRole('button', { name: 'Accept and activate' }).click();
  await expect(invitee.getByRole('heading', { name: 'Your account is active' })).toBeVisible();

  await invitee.getByRole('link', { name: 'Sign in' }).click();
  await invitee.getByRole('textbox', { name: 'E-mail' }).fill('nadia@example.com');
  await invitee.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await invitee.getByRole('button', { name: 'Sign in' }).click();
  await expect(invitee).toHaveURL(/\/dashboard$/);
  await mainMenu(invitee).getByRole('button', { name: 'Manage Complaint' }).click();
  await expect(mainMenu(invitee).getByRole('link', { name: 'Complaint', exact: true })).toBeVisible();
  await expect(mainMenu(invitee).getByRole('button', { name: 'Manage User' })).toHaveCount(0);
});

test('disabling a user asks first and signs them out at once; self-disabling is refused', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/manage-user/user?q=verifier');
  await page.getByRole('button', { name: 'Disable verifier@example.com' }).click();
  await page.getByRole('dialog', { name: 'Disable User' }).getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('verifier@example.com disabled; every session ended')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'verifier@example.com' })).toContainText('Disabled');

  await page.goto('/manage-user/user?q=admin%40');
  await page.getByRole('button', { name: 'Disable admin@example.com' }).click();
  await page.getByRole('dialog', { name: 'Disable User' }).getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('You cannot disable your own account or change your own user type.')).toBeVisible();
});
