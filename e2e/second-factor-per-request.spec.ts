import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, demoAccounts } from '../fixtures';
import { expect, phonesFor, seriousViolations, signIn, test, typeCode } from './support';

/*
 * Issue 45: the second factor is asked per request. A verifier signed in with the password
 * alone; meanwhile an administrator gives the verifiers the privilege matrix. The verifier's
 * live session holds none of the verifiers' rights until it answers a second factor: the app
 * asks for one (here: sets one up first) in place, and then goes on with what was asked.
 */

const verifier = demoAccounts.verifier.email;
const matrixPath = '/manage-user/matrix-privilage';

/** The administrator gives the verifiers Matrix Privilege (view and update) on the matrix screen. */
async function grantVerifiersTheMatrix(page: Page) {
  await signIn(page, 'admin', { path: matrixPath });
  await page.getByRole('combobox', { name: 'User type' }).click();
  await page.getByRole('option', { name: 'Verifier', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Matrix Privilege: View', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Matrix Privilege: Update', exact: true }).click();
  await page.getByRole('button', { name: 'Review and save' }).click();
  await page.getByRole('dialog', { name: 'Review the Changes' }).getByRole('button', { name: 'Save 2 changes' }).click();
  await expect(page.getByText('Privileges of Verifier saved')).toBeVisible();
}

test('a password-only session given new rights is asked for a second factor, sets one up in place, and goes on', async ({ page }) => {
  test.setTimeout(120_000);
  // The verifier signs in with the password alone; the tab then forgets that session (it lives on).
  await signIn(page, 'verifier');
  const verifierSession = await page.evaluate(() => {
    const root = localStorage.getItem('root');
    // Forgotten as the page goes, so no last write of the running app keeps it.
    window.addEventListener('pagehide', () => localStorage.removeItem('root'));
    return root;
  });
  await grantVerifiersTheMatrix(page);
  await page.evaluate((root) => localStorage.setItem('root', root!), verifierSession);

  // The verifier's session opens the matrix: the app asks for the second factor instead of failing.
  await page.goto(matrixPath);
  const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your role now needs two-factor sign-in');

  // Cancel: the screen says what it needs, and is not thrown out to sign in.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'A second factor is needed' })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === matrixPath);

  // Retry: set up the app in the dialog, keep the recovery codes, and the matrix opens.
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code that adds Complaint Desk to your authenticator app' })).toBeVisible();
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  const phones = phonesFor(page);
  phones.enrol(verifier, (await dialog.getByTestId('totp-secret').textContent())!.replace(/\s/g, ''));
  const typed = phones.answer(verifier);
  await typeCode(page, 'code' in typed ? typed.code : '');
  await expect(dialog.getByTestId('recovery-code')).toHaveCount(10);
  // The codes are kept before anything else: Escape does not close the dialog now.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'I have saved these codes' }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'User type' })).toBeVisible();

  // The session has answered it: the other screens of the verifier go on without asking again.
  await page.goto('/manage-complaint/history-complaint');
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await expect(dialog).toBeHidden();
});
