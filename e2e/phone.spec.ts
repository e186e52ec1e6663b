import type { Page } from '@playwright/test';
import { expect, historyPath, registerComplaint, seriousViolations, signIn, signOut, test } from './support';

/* Issue 13: a contractor justifies from the field, on a phone (390 × 844). */
test.use({ viewport: { width: 390, height: 844 } });

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications, / });

/** Nothing wider than the screen: no sideways scrolling of the page. */
async function fitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('on a phone, lists are cards and dialogs fill the screen; a contractor goes from the bell to a sent justification', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'officer', { path: '/manage-complaint/complaint' });
  await page.getByRole('button', { name: 'Register complaint' }).click();
  const form = page.getByRole('dialog', { name: 'Register Complaint' });
  // Full screen: the dialog is as wide as the phone.
  expect((await form.boundingBox())?.width).toBe(390);
  const refNo = await registerComplaint(page, form, {
    offence: 'Illegal dumping',
    time: '08:00',
    description: 'Bags of garden waste left at the bus stop.',
    contractor: 'Alam Bersih Sdn Bhd',
    offender: 'Lorry VBN 2210',
    location: 'Hentian Bas Jalan Cheras',
    qty: 2,
  });
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
