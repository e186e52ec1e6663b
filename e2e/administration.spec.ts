import type { Page } from '@playwright/test';
import { expect, mainMenu, signIn, storedRoot, test, seriousViolations } from './support';

/* The reference lists and the Activity page, as an administrator uses them (issue 11). */

const zonePath = '/manage-user/zone';

/** One choice of the Active filter (its radio is visually hidden behind its label). */
const segment = (page: Page, name: string) => page.locator('label').filter({ hasText: new RegExp(`^${name}$`) });

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

test('an administrator keeps a reference list: pages, filters, creates, edits with history, deactivates, and is told what uses a record', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  await mainMenu(page).getByRole('button', { name: 'Manage User' }).click();
  await mainMenu(page).getByRole('link', { name: 'Zone', exact: true }).click();
  await expect(page).toHaveURL(zonePath);
  await expect(page.getByRole('heading', { level: 1, name: 'Zone' })).toBeVisible();
  await expect(page.getByText('1–10 of 12')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A new zone: saved, then found by the filter.
  await page.getByRole('button', { name: 'New zone' }).click();
  const form = page.getByRole('dialog', { name: 'New Zone' });
  await form.getByRole('textbox', { name: /^Code/ }).fill('ZBK');
  await form.getByRole('textbox', { name: /^Name/ }).fill('Zon Bukit');
  await form.getByRole('textbox', { name: /^Description/ }).fill('The hills behind the city.');
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Zon Bukit created')).toBeVisible();
  await expect(form).toBeHidden();
  await page.getByLabel('Filter:').fill('bukit');
  await expect(page).toHaveURL(/q=bukit/);
  await expect(rowOf(page, 'Zon Bukit')).toContainText('Active');
  await expect(page.getByRole('row')).toHaveCount(2);

  // A code another zone has, whatever its case, is refused beside the field.
  await page.getByRole('button', { name: 'Edit Zon Bukit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Zone' });
  await edit.getByRole('textbox', { name: /^Code/ }).fill('zp');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByRole('textbox', { name: /^Code/ })).toHaveAccessibleDescription(/Another zone has this code/);
  await edit.getByRole('textbox', { name: /^Code/ }).fill('ZBK');
  await edit.getByRole('textbox', { name: /^Name/ }).fill('Zon Bukit Tinggi');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Zon Bukit Tinggi saved')).toBeVisible();
  await expect(edit).toBeHidden();

  // Its History tab: both changes, by whom.
  await page.getByRole('button', { name: 'Edit Zon Bukit Tinggi' }).click();
  const again = page.getByRole('dialog', { name: 'Edit Zone' });
  await again.getByRole('tab', { name: 'History' }).click();
  await expect(again.getByText('Changed')).toBeVisible();
  await expect(again.getByText('Created')).toBeVisible();
  await expect(again.getByText('admin@example.com')).toHaveCount(2);
  await expect(again.getByRole('cell', { name: 'Zon Bukit Tinggi' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(again).toBeHidden();

  // Deactivate is done at once, with Undo in its toast (no dialog); Undo puts it back in use.
  await page.getByRole('button', { name: 'Deactivate Zon Bukit Tinggi' }).click();
  await expect(page.getByText('Zon Bukit Tinggi deactivated')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Zon Bukit Tinggi activated')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deactivate Zon Bukit Tinggi' })).toBeVisible();
  // Deactivated for good this time: the record stays listed under Inactive.
  await page.getByRole('button', { name: 'Deactivate Zon Bukit Tinggi' }).click();
  await expect(page.getByRole('button', { name: 'Activate Zon Bukit Tinggi' })).toBeVisible();
  await page.getByLabel('Filter:').fill('');
  await segment(page, 'Inactive').click();
  await expect(page).toHaveURL(/show=inactive/);
  await expect(rowOf(page, 'Zon Bukit Tinggi')).toContainText('Inactive');
  await expect(rowOf(page, 'Zon Lama')).toBeVisible();

  // A zone in use is not deleted: the dialog says what uses it and offers to deactivate.
  await segment(page, 'All').click();
  await page.getByRole('button', { name: 'Delete Zon Pusat' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete Zone' });
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(remove.getByText(/organisations?, \d+ personas? and \d+ contracts? use this zone; deactivate it instead\./)).toBeVisible();
  await expect(remove.getByRole('button', { name: 'Deactivate' })).toBeVisible();
  await remove.getByRole('button', { name: 'Cancel' }).click();
  await expect(rowOf(page, 'Zon Pusat')).toContainText('Active');

  // The Activity page lists every change with its actor; a row opens to what changed.
  await mainMenu(page).getByRole('link', { name: 'Activity' }).click();
  await expect(page).toHaveURL('/manage-user/activity');
  const latest = page.getByRole('row').nth(1);
  await expect(latest).toContainText('Changed');
  await expect(latest).toContainText('admin@example.com');
  // Records by their names, changes by their fields' labels and values in words.
  await expect(latest).toContainText('Zone Zon Bukit Tinggi');
  // Created, changed, then out of use, back in use (Undo) and out of use again: 5 moves.
  await expect(page.getByRole('row')).toHaveCount(6);
  await latest.click();
  const change = page.getByRole('row', { name: /^In use/ });
  await expect(change.getByRole('cell')).toHaveText(['Yes', 'No']);
  expect(await seriousViolations(page)).toEqual([]);
  // Filtered by who: the administrator's own moves, and no one else's.
  await page.getByRole('combobox', { name: 'Who' }).click();
  await page.getByRole('option', { name: 'admin@example.com' }).click();
  await expect(page).toHaveURL(/actor=\d+/);
  await expect(page.getByRole('row').filter({ hasText: 'admin@example.com' })).toHaveCount(5);
  await page.getByRole('combobox', { name: 'Who' }).fill('verifier@');
  await page.getByRole('option', { name: 'verifier@example.com' }).click();
  await expect(page.getByText('No items found')).toBeVisible();
});

test('the reference lists are the administrator’s: an officer typing one gets the 403 page', async ({ page }) => {
  await signIn(page, 'officer', { path: zonePath });
  await expect(page.getByRole('heading', { name: 'You may not open this page' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New zone' })).toHaveCount(0);
});

test('every reference list opens in Malay with its own words', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Bahasa Melayu' }).click();
  await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeVisible();
  // Saved on the server before the page is left (leaving mid-save puts the language back).
  await expect.poll(async () => (await storedRoot(page))?.state?.auth?.user?.preferences?.language).toBe('ms');
  for (const [path, heading, button] of [
    ['/manage-user/type', 'Urus Jenis', 'Jenis baharu'],
    ['/manage-user/user-type', 'Jenis Pengguna', 'Jenis Pengguna baharu'],
    ['/manage-user/position', 'Jawatan', 'Jawatan baharu'],
    ['/manage-user/organization-type', 'Jenis Organisasi', 'Jenis Organisasi baharu'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('button', { name: button })).toBeVisible();
    await expect(page.locator('thead th[data-accessor="code"]')).toHaveText('Kod');
  }
});

test('organisations and personas: chosen from active records, filtered by them, and named by them in the lists', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', { path: '/manage-user/user-profile' });
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Organization' })).toBeVisible();
  await page.getByRole('button', { name: 'New organisation' }).click();
  const form = page.getByRole('dialog', { name: 'New Organisation' });
  await form.getByRole('textbox', { name: /^Name/ }).fill('Bukit Bersih Sdn Bhd');
  await form.getByRole('textbox', { name: /^Registration no/ }).fill('202001001234');
  await form.getByRole('combobox', { name: /^Organisation type/ }).click();
  await page.getByRole('option', { name: 'Contractor', exact: true }).click();
  await form.getByRole('combobox', { name: /^Zone/ }).click();
  // Zon Lama is inactive: not offered for a new record.
  await expect(page.getByRole('option', { name: /Zon Lama/ })).toHaveCount(0);
  await page.getByRole('option', { name: 'Zon Timur', exact: true }).click();
  await form.getByRole('textbox', { name: /^Contact e-mail/ }).fill('not an address');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('textbox', { name: /^Contact e-mail/ })).toHaveAccessibleDescription('Enter a valid e-mail address');
  await form.getByRole('textbox', { name: /^Contact e-mail/ }).fill('ops@bukitbersih.example.com');
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Bukit Bersih Sdn Bhd created')).toBeVisible();

  await page.getByRole('combobox', { name: 'Zone' }).click();
  await page.getByRole('option', { name: 'Zon Timur', exact: true }).click();
  await expect(page).toHaveURL(/zone=4/);
  await expect(rowOf(page, 'Bukit Bersih Sdn Bhd')).toContainText('Contractor');
  await expect(rowOf(page, 'Bukit Bersih Sdn Bhd')).toContainText('Zon Timur');

  await mainMenu(page).getByRole('link', { name: 'Manage Persona' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Persona' })).toBeVisible();
  await page.getByRole('button', { name: 'New persona' }).click();
  const persona = page.getByRole('dialog', { name: 'New Persona' });
  await persona.getByRole('textbox', { name: /^Full name/ }).fill('Hafiz bin Osman');
  await persona.getByRole('textbox', { name: /^Staff no/ }).fill('BB-0001');
  await persona.getByRole('combobox', { name: /^Type/ }).click();
  await page.getByRole('option', { name: 'Contractor', exact: true }).click();
  await persona.getByRole('combobox', { name: /^Organisation/ }).fill('Bukit');
  await page.getByRole('option', { name: 'Bukit Bersih Sdn Bhd' }).click();
  await persona.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Hafiz bin Osman created')).toBeVisible();
  await page.getByRole('combobox', { name: 'Organisation' }).fill('Bukit');
  await page.getByRole('option', { name: 'Bukit Bersih Sdn Bhd' }).click();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(rowOf(page, 'Hafiz bin Osman')).toContainText('BB-0001');
  await expect(rowOf(page, 'Hafiz bin Osman')).toContainText('Bukit Bersih Sdn Bhd');
  expect(await seriousViolations(page)).toEqual([]);
});
