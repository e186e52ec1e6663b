import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, demoAccounts } from '../fixtures';
import { answerSecondFactor, expect, mainMenu, phonesFor, seriousViolations, signIn, signOut, test, typeCode } from './support';

/* Two-factor sign-in (issue 30): enrolment at sign-in, a code, a recovery code; the profile's card; an administrator's reset. */

const admin = demoAccounts.admin.email;
const officer = demoAccounts.officer.email;

async function submitPassword(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('textbox', { name: 'Password', exact: true }).press('Enter');
}

test('an administrator enrols at the first sign-in, then signs in with a code, then with a recovery code once', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await submitPassword(page, admin);
  // The password alone opens nothing: the app asks to set up an authenticator first.
  await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code that adds Complaint Desk to your authenticator app' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? '{}')?.state?.auth?.token ?? null)).toBeNull();

  // A wrong code spends a try and says so.
  await typeCode(page, '000000');
  await expect(page.getByText('Wrong code, 4 tries left.')).toBeVisible();

  const key = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  const phones = phonesFor(page);
  phones.enrol(admin, key);
  const first = phones.answer(admin);
  await typeCode(page, 'code' in first ? first.code : '');
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in is on' })).toBeVisible();
  const codes = await page.getByTestId('recovery-code').allTextContents();
  expect(codes).toHaveLength(10);
  expect(await seriousViolations(page)).toEqual([]);
  // Continue waits until the codes are kept.
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await page.getByRole('checkbox', { name: 'I have saved these codes' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await signOut(page);

  // Then: the password, then the app's code.
  await submitPassword(page, admin);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in', exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const second = phones.answer(admin);
  await typeCode(page, 'code' in second ? second.code : '');
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await signOut(page);

  // A recovery code, once.
  await submitPassword(page, admin);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[0]!.toUpperCase());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await signOut(page);
  await submitPassword(page, admin);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Wrong code, 4 tries left.')).toBeVisible();
  // Back to the password, and the profile says how many codes are left.
  phones.keepRecoveryCodes(admin, codes.slice(1));
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[1]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(card).toContainText('On');
  await expect(card).toContainText('Required for your role');
  await expect(card).toContainText('8 recovery codes left.');
  await expect(card.getByRole('button', { name: 'Turn off' })).toHaveCount(0);
});

test('an officer turns two-factor sign-in on from the profile, signs in with it, and an administrator resets it', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'officer', { path: '/profile' });
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(card).toContainText('Off');
  await card.getByRole('button', { name: 'Turn on' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up an authenticator app' });
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('not the password');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('The password is not correct')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code that adds Complaint Desk to your authenticator app' })).toBeVisible();
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  const phones = phonesFor(page);
  phones.enrol(officer, (await dialog.getByTestId('totp-secret').textContent())!.replace(/\s/g, ''));
  const typed = phones.answer(officer);
  await typeCode(page, 'code' in typed ? typed.code : '');
  await expect(dialog.getByTestId('recovery-code')).toHaveCount(10);
  const recoveryCodes = await dialog.getByTestId('recovery-code').allTextContents();
  phones.keepRecoveryCodes(officer, recoveryCodes);
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(card).toContainText('10 recovery codes left.');

  // Turning it off, or moving it to a new phone, asks the factor itself besides the password (issue 45).
  await card.getByRole('button', { name: 'Turn off' }).click();
  const off = page.getByRole('dialog', { name: 'Turn off two-factor sign-in' });
  await off.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(off.getByText('Enter all 6 digits of the code')).toBeVisible();
  await off.getByRole('button', { name: 'Use a recovery code' }).click();
  await off.getByRole('textbox', { name: 'Recovery code' }).fill('aaaaa-bbbbb');
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(off.getByText('That is not one of your unused recovery codes.')).toBeVisible();
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  await off.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toContainText('On');

  await card.getByRole('button', { name: 'Move to a new phone' }).click();
  const move = page.getByRole('dialog', { name: 'Set up an authenticator app' });
  await move.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await move.getByRole('button', { name: 'Use a recovery code' }).click();
  // The phone's codes are taken from the front of the list: the last one is spare.
  await move.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes.at(-1)!);
  await move.getByRole('button', { name: 'Next' }).click();
  await expect(move.getByRole('img', { name: 'QR code that adds Complaint Desk to your authenticator app' })).toBeVisible();
  phones.enrol(officer, (await move.getByTestId('totp-secret').textContent())!.replace(/\s/g, ''));
  const onNewPhone = phones.answer(officer);
  await typeCode(page, 'code' in onNewPhone ? onNewPhone.code : '');
  await expect(move.getByTestId('recovery-code')).toHaveCount(10);
  phones.keepRecoveryCodes(officer, await move.getByTestId('recovery-code').allTextContents());
  await move.getByRole('button', { name: 'Done' }).click();

  // The officer's next sign-in asks for the code of the new phone.
  await signOut(page);
  await submitPassword(page, officer);
  await answerSecondFactor(page, officer);
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await signOut(page);

  // The administrator resets it on the users screen: the officer signs in with the password alone.
  await signIn(page, 'admin', { path: '/manage-user/user' });
  await page.getByLabel('Filter:').fill('officer@example.com');
  await page.getByRole('button', { name: `Reset two-factor sign-in of ${officer}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Reset two-factor sign-in?' });
  // The dialog's code loads when it first opens: judge it once it is there.
  await expect(confirm.getByRole('button', { name: 'Reset two-factor sign-in' })).toBeVisible();
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  await confirm.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
  await expect(page.getByText(`Two-factor sign-in of ${officer} reset`)).toBeVisible();
  await signOut(page);
  await submitPassword(page, officer);
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await expect(mainMenu(page)).toBeVisible();
});

test('speaks Malay on the second step', async ({ page }) => {
  await page.goto('/?lng=ms');
  await page.getByRole('textbox', { name: 'E-mel' }).fill(admin);
  await page.getByRole('textbox', { name: 'Kata laluan', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('textbox', { name: 'Kata laluan', exact: true }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Sediakan log masuk dua faktor' })).toBeVisible();
  await expect(page.getByText('Kod daripada aplikasi pengesah anda')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
