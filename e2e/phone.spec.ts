import type { Locator, Page } from '@playwright/test';
import { expect, historyPath, pickDateTime, seriousViolations, signIn, signOut, test } from './support';

/* Issue 13: a contractor justifies from the field, on a phone (390 × 844). */
test.use({ viewport: { width: 390, height: 844 } });

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications, / });

async function choose(page: Page, dialog: Locator, label: RegExp, option: string) {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** Nothing wider than the screen: no sideways scrolling of the page. */
async function fitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('on a phone, lists are cards and dialogs fill the screen; a contractor goes from the bell to a sent justification', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'officer');
  await page.goto('/manage-complaint/complaint');
  await page.getByRole('button', { name: 'Register complaint' }).click();
  const form = page.getByRole('dialog', { name: 'Register Complaint' });
  // Full screen: the dialog is as wide as the phone.
  expect((await form.boundingBox())?.width).toBe(390);
  await choose(page, form, /^Type of Offence/, 'Illegal dumping');
  await pickDateTime(page, form, /^Date of Misconduct/, { date: new Date(Date.now() + 8 * 3_600_000 - 86_400_000).toISOString().slice(0, 10), time: '08:00', amPm: 'AM' });
  await form.getByRole('textbox', { name: /^Description/ }).fill('Bags of garden waste left at the bus stop.');
  await choose(page, form, /^Contractor/, 'Alam Bersih Sdn Bhd');
  await form.getByRole('textbox', { name: /^Offender/ }).fill('Lorry VBN 2210');
  await form.getByRole('textbox', { name: /^Location/ }).fill('Hentian Bas Jalan Cheras');
  await form.getByRole('textbox', { name: /^Quantity/ }).fill('2');
  await form.getByRole('button', { name: 'Register', exact: true }).click();
  const registered = page.getByText(/^Complaint CMP-\d{4}-\d{6} registered$/);
  await expect(registered).toBeVisible();
  const refNo = /CMP-\d{4}-\d{6}/.exec((await registered.textContent())!)![0];
  await signOut(page);

  await signIn(page, 'contractor');
  // History: one card per complaint, the reference as its heading, its status and action on it.
  await page.goto(historyPath);
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  await expect(page.locator('table')).toHaveCount(0);
  const card = cards.filter({ hasText: refNo });
  await expect(card).toContainText('Submitted');
  await expect(card.getByRole('button', { name: `View detail of ${refNo}` })).toBeVisible();
  await fitsTheScreen(page);
  expect(await seriousViolations(page)).toEqual([]);

  await expect(bell(page)).not.toHaveAccessibleName('Notifications, 0 unread');
  await bell(page).click();
  const notice = page.getByTestId('notification-list').getByRole('listitem').filter({ hasText: refNo }).first();
  await notice.getByRole('button').first().click();
  const detail = page.getByRole('dialog', { name: 'Detail History Complaint' });
  await expect(detail.getByLabel('Offender')).toHaveValue('Lorry VBN 2210');
  expect((await detail.boundingBox())?.width).toBe(390);
  await detail.getByRole('link', { name: 'Justify this complaint' }).click();
  const justify = page.getByRole('dialog', { name: `Justify Complaint ${refNo}` });
  expect((await justify.boundingBox())?.width).toBe(390);
  await justify.getByRole('textbox', { name: /^Justification/ }).fill('The bags were left by residents after our 7 am round.');
  await justify.getByRole('button', { name: 'Submit justification' }).click();
  await expect(page.getByText(`Justification for ${refNo} sent`)).toBeVisible();
  await expect(justify).toBeHidden();
  await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: refNo })).toContainText('Justified');
  await fitsTheScreen(page);
});
