import type { Page } from '@playwright/test';
import { acceptInvitation, expect, inviteUser, mainMenu, signIn, signOut, test, waitForMail, seriousViolations } from './support';

/* Users (issue 11): an administrator invites, the invitee chooses a password and works; disabling signs out. */

const PASSWORD = 'a long chosen passphrase';

test('an administrator invites an officer, who chooses a password from the mail and signs in; taking away create on Complaint refuses the next attempt and hides the button', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', { path: '/manage-user/user' });
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const form = await inviteUser(page, { email: 'nadia@example.com', fullName: 'Nadia binti Ismail', userType: 'Officer' });
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
  await acceptInvitation(invitee, mail, 'nadia@example.com', PASSWORD);
  await mainMenu(invitee).getByRole('button', { name: 'Manage Complaint' }).click();
  await mainMenu(invitee).getByRole('link', { name: 'Complaint', exact: true }).click();
  await expect(invitee.getByRole('button', { name: 'Register complaint' })).toBeVisible();
  await expect(mainMenu(invitee).getByRole('button', { name: 'Manage User' })).toHaveCount(0);

  // A second session of the officer's, kept while the administrator works in this tab.
  const officerToken = await api(page, 'POST', '/api/v1/auth/sign-in', null, { email: 'nadia@example.com', password: PASSWORD }).then(
    (r) => (r.body as { data: { token: string } }).data.token,
  );
  await signOut(page);

  // The administrator takes create on Complaint away from officers.
  await signIn(page, 'admin', { path: '/manage-user/matrix-privilage' });
  await page.getByRole('combobox', { name: 'User type' }).click();
  await page.getByRole('option', { name: 'Officer', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Complaint: Create', exact: true }).uncheck();
  await expect(page.getByText('1 unsaved change')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Review and save' }).click();
  const review = page.getByRole('dialog', { name: 'Review the Changes' });
  await expect(review.getByRole('listitem')).toHaveText('Taken away Complaint · Create');
  await review.getByRole('button', { name: 'Save 1 change' }).click();
  await expect(page.getByText('Privileges of Officer saved')).toBeVisible();

  // The officer's very next attempt is refused.
  const attempt = await api(page, 'POST', '/api/v1/complaints', officerToken, {
    typeOfOffenceId: 1,
    dateOfMisconduct: '2026-11-01T08:30:00+08:00',
    description: 'x',
    organizationId: 2,
    contractId: 1,
    offender: 'x',
    location: 'x',
    qty: 1,
  });
  expect(attempt.status).toBe(403);

  // The Activity page shows both changes, with their actor.
  await mainMenu(page).getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('row').nth(1)).toContainText(/Changed.*Privileges of Officer/);
  await expect(page.getByRole('row').nth(2)).toContainText(/Invited.*User (Nadia binti Ismail|nadia@example\.com)/);
  for (const n of [1, 2]) await expect(page.getByRole('row').nth(n)).toContainText('admin@example.com');
  await signOut(page);

  // Signed in again, the officer no longer finds the button.
  await page.getByRole('textbox', { name: 'E-mail' }).fill('nadia@example.com');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/manage-complaint/complaint');
  await expect(page.getByRole('heading', { level: 1, name: 'Complaint' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Register complaint' })).toHaveCount(0);
});

/** A call made from the page, so that in mock mode the service worker answers it. */
async function api(page: Page, method: string, path: string, token: string | null, body: unknown) {
  return page.evaluate(
    async ([m, p, t, b]) => {
      const res = await fetch(p as string, {
        method: m as string,
        headers: { 'content-type': 'application/json', ...(t ? { authorization: `Bearer ${t}` } : {}) },
        body: JSON.stringify(b),
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
    },
    [method, path, token, body] as const,
  );
}

test('disabling a user asks first and signs them out at once; self-disabling is not offered', async ({ page }) => {
  await signIn(page, 'admin', { path: '/manage-user/user?q=verifier' });
  await page.getByRole('button', { name: 'Disable verifier@example.com' }).click();
  await page.getByRole('dialog', { name: 'Disable User' }).getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('verifier@example.com disabled; every session ended')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'verifier@example.com' })).toContainText('Disabled');

  // One's own row offers no Disable (the API refuses it too: api-tests/users.test.ts).
  await page.goto('/manage-user/user?q=admin%40');
  await expect(page.getByRole('button', { name: 'Edit admin@example.com' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disable admin@example.com' })).toHaveCount(0);
});
