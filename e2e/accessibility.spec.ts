import type { Page } from '@playwright/test';
import { expect, signIn, test, seriousViolations } from './support';

/* WCAG 2 A and AA, as axe checks them: nothing serious or critical on the account screens. */

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
  await signIn(page, 'officer', { path: '/profile' });
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Personal details' }).getByRole('textbox', { name: 'Full name' })).not.toHaveValue('');
  await expect(page.getByRole('button', { name: /^Notifications, \d+ unread$/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the 403 page inside the shell: no serious or critical violations', async ({ page }) => {
  await signIn(page, 'contractor', { path: '/manage-complaint/type-of-offence' });
  await expect(page.getByRole('heading', { name: 'You may not open this page' })).toBeVisible();
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

const complaintScreens: { name: string; role: 'admin' | 'officer' | 'verifier'; path: string; open: (page: Page) => Promise<void> }[] = [
  {
    name: 'Type of Offence with its form open',
    role: 'admin',
    path: '/manage-complaint/type-of-offence',
    open: async (page) => {
      await page.getByRole('button', { name: 'New type of offence' }).click();
      await expect(page.getByRole('dialog', { name: 'New Type of Offence' })).toBeVisible();
    },
  },
  {
    name: 'Complaint with the register form open',
    role: 'officer',
    path: '/manage-complaint/complaint',
    open: async (page) => {
      await page.getByRole('button', { name: 'Register complaint' }).click();
      const form = page.getByRole('dialog', { name: 'Register Complaint' });
      await expect(form.getByRole('combobox', { name: /^Type of Offence/ })).toBeEnabled();
      await form.getByRole('button', { name: 'Register', exact: true }).click();
      await expect(form.getByText('Describe the misconduct')).toBeVisible();
    },
  },
  {
    name: 'Justify Complaint with the verify dialog open',
    role: 'verifier',
    path: '/manage-complaint/verify-complaint',
    open: async (page) => {
      await page
        .getByRole('button', { name: /^Verify CMP-/ })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: /^Verify Complaint CMP-/ })).toBeVisible();
    },
  },
  {
    name: 'History with a detail open',
    role: 'officer',
    path: '/manage-complaint/history-complaint',
    open: async (page) => {
      await page
        .getByRole('button', { name: /^View detail of CMP-/ })
        .first()
        .click();
      await expect(page.getByRole('list', { name: 'Status history' })).toBeVisible();
    },
  },
  {
    name: 'History filtered, with the period picker open',
    role: 'officer',
    path: '/manage-complaint/history-complaint?status=fined&from=2026-03-01&to=2026-03-31',
    open: async (page) => {
      await page.getByRole('button', { name: 'Date of misconduct', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Choose the month' })).toBeVisible();
    },
  },
  ...(['Timeline', 'Messages', 'Settings'] as const).map((tab) => ({
    name: `The side panel on ${tab}`,
    role: 'verifier' as const,
    path: '/manage-complaint/verify-complaint',
    open: async (page: Page) => {
      await page.getByRole('button', { name: 'Toggle side panel' }).click();
      const panel = page.getByRole('complementary', { name: 'Side panel' });
      await panel.getByRole('tab', { name: tab }).click();
      await expect(panel.getByRole('tabpanel')).toBeVisible();
      await expect(panel.getByRole('tabpanel').locator('.mantine-Skeleton-root')).toHaveCount(0);
    },
  })),
];

for (const screen of complaintScreens) {
  test(`${screen.name}: no serious or critical violations`, async ({ page }) => {
    await signIn(page, screen.role, { path: screen.path });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await screen.open(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

/* Issue 11: every administration screen, and each of its dialogs open in turn. */

/** Opens a dialog with `button`, checks it (the page behind was checked before), and closes it with `close`. */
async function checkDialog(
  page: Page,
  button: RegExp,
  close: 'Escape' | 'Cancel' = 'Escape',
  then?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await page.getByRole('button', { name: button }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  if (then) await then(dialog);
  // The page behind was checked before it opened: judge what the dialog added.
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  if (close === 'Escape') await page.keyboard.press('Escape');
  else await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
}

const catalogueScreens = ['type', 'user-type', 'position', 'zone', 'organization-type', 'user-profile', 'person'];

for (const path of catalogueScreens) {
  test(`/manage-user/${path} with its new, edit (History tab) and delete dialogs and the deactivation's toast: no serious or critical violations`, async ({
    page,
  }) => {
    await signIn(page, 'admin', { path: `/manage-user/${path}` });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/^1–10 of \d+$/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await checkDialog(page, /^New /);
    await checkDialog(page, /^Edit /, 'Escape', async (dialog) => {
      await dialog.getByRole('tab', { name: 'History' }).click();
      await expect(dialog.getByRole('tabpanel')).toBeVisible();
      await expect(dialog.getByRole('status', { name: 'Loading' })).toHaveCount(0);
    });
    // Deactivating asks nothing: its toast offers Undo, which puts the record back in use.
    await page
      .getByRole('button', { name: /^Deactivate / })
      .first()
      .click();
    const undo = page.getByRole('button', { name: 'Undo' });
    await expect(undo).toBeVisible();
    expect(await seriousViolations(page, { include: '.mantine-Notifications-root' })).toEqual([]);
    await undo.click();
    await expect(page.getByText(/ activated$/)).toBeVisible();
    await checkDialog(page, /^Delete /, 'Cancel');
  });
}

test('/manage-user/user with its invite, edit and disable dialogs: no serious or critical violations', async ({ page }) => {
  await signIn(page, 'admin', { path: '/manage-user/user' });
  await expect(page.getByText(/^1–10 of \d+$/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await checkDialog(page, /^Invite user$/, 'Cancel');
  await page.getByLabel('Filter:').fill('officer@example.com');
  await expect(page.getByRole('row')).toHaveCount(2);
  await checkDialog(page, /^Edit officer@example\.com$/, 'Escape', async (dialog) => {
    await dialog.getByRole('tab', { name: 'History' }).click();
    await expect(dialog.getByRole('tabpanel')).toBeVisible();
  });
  await checkDialog(page, /^Disable officer@example\.com$/, 'Cancel');
});

test('/manage-user/matrix-privilage with the review open: no serious or critical violations', async ({ page }) => {
  await signIn(page, 'admin', { path: '/manage-user/matrix-privilage' });
  await page.getByRole('combobox', { name: 'User type' }).click();
  await page.getByRole('option', { name: 'Officer', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Complaint: Delete', exact: true }).click();
  await expect(page.getByText('1 unsaved change')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await checkDialog(page, /^Review and save$/);
});

test('/manage-user/activity with an event open: no serious or critical violations', async ({ page }) => {
  await signIn(page, 'admin', { path: '/manage-user/zone' });
  await page.getByRole('button', { name: 'Deactivate Zon Barat', exact: true }).click();
  await expect(page.getByText('Zon Barat deactivated')).toBeVisible();
  await page.goto('/manage-user/activity');
  await page.getByRole('row').nth(1).click();
  await expect(page.getByRole('rowheader', { name: 'In use', exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
