import type { Page } from '@playwright/test';
import { contracts, typeOfOffences } from '../fixtures';
import { choose, expect, registerComplaint, seriousViolations, signIn, signOut, test } from './support';

/*
 * Issue 12's money journey, across roles in one tab (the mocks keep their state per tab): a
 * complaint fined today lands on this month's draft of its contract at the contract's rate and
 * formula; the officer issues it; the contractor is told by the bell, opens the invoice and
 * prints it on one clean A4 page. The same test runs on the mocks and on the server.
 */

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications, / });
const KL_MS = 8 * 3_600_000;
/** A moment's day in Kuala Lumpur, YYYY-MM-DD. */
const klDay = (ms: number) => new Date(ms + KL_MS).toISOString().slice(0, 10);

test('a fine lands on its month’s draft at the contract’s rate; the officer issues it; the contractor opens and prints the invoice', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const contract = contracts[0]!;
  const dumping = typeOfOffences.find((t) => t.name === 'Illegal dumping')!;
  const rate = Number(contract.rates.find((r) => r.typeOfOffenceId === dumping.id)!.rate);
  expect(rate).toBe(500);
  // 3 loads at 500.00, doubled from the third repeat: the invoice's words, written by hand.
  const WORDS: Record<string, [string, string]> = {
    '1500.00': ['Ringgit Malaysia one thousand five hundred only', 'Ringgit Malaysia seribu lima ratus sahaja'],
    '3000.00': ['Ringgit Malaysia three thousand only', 'Ringgit Malaysia tiga ribu sahaja'],
  };

  // 1. The officer registers a complaint under the contract, 3 loads of debris.
  await signIn(page, 'officer', { path: '/manage-complaint/complaint' });
  await page.getByRole('button', { name: 'Register complaint' }).click();
  const form = page.getByRole('dialog', { name: 'Register Complaint' });
  // Alam Bersih's running contract is the form's choice: MPSK/KON/2026/001.
  const refNo = await registerComplaint(page, form, {
    offence: 'Illegal dumping',
    time: '09:15',
    description: 'Three loads of debris behind the market.',
    contractor: 'Alam Bersih Sdn Bhd',
    offender: 'Lorry BKL 4471',
    location: 'Pasar Besar, Jalan Tun Razak',
    qty: 3,
  });
  await signOut(page);

  // 2. A verifier fines it at once: the verifier may decide before the contractor justifies.
  await signIn(page, 'verifier', { path: '/manage-complaint/verify-complaint' });
  await page.getByLabel('Filter:').fill(refNo);
  await page
    .getByRole('link', { name: `Verify ${refNo}` })
    .or(page.getByRole('button', { name: `Verify ${refNo}` }))
    .click();
  const verify = page.getByRole('dialog', { name: `Verify Complaint ${refNo}` });
  await verify.getByRole('button', { name: 'Fine', exact: true }).click();
  await verify.getByRole('button', { name: 'Yes, fine' }).click();
  await expect(page.getByText(`Complaint ${refNo} fined`)).toBeVisible();
  const finedMonth = klDay(Date.now()).slice(0, 7);
  await signOut(page);

  // 3. The officer generates this month's claim of the contract: the fine is a line of it.
  await signIn(page, 'officer', { path: '/manage-complaint/claim-record' });
  await expect(page.getByRole('heading', { level: 1, name: 'Claim Record' })).toBeVisible();
  await page.getByRole('button', { name: 'Generate claim' }).click();
  const generate = page.getByRole('dialog', { name: 'Generate a Claim Record' });
  await choose(page, generate, /^Contract/, `${contract.contractNo} — ${contract.title}`);
  const month = generate.getByRole('button', { name: /^Month/ });
  await month.click();
  const picker = page.locator(`[id="${await month.getAttribute('aria-controls')}"]`);
  const [year, monthNo] = finedMonth.split('-').map(Number) as [number, number];
  // The picker opens on last month's year: January's claim is a year on.
  if (monthNo === 1) await picker.getByRole('button', { name: 'Next year' }).click();
  await picker
    .getByRole('button', { name: new Date(Date.UTC(year, monthNo - 1, 1)).toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' }) })
    .click();
  expect(await seriousViolations(page)).toEqual([]);
  await generate.getByRole('button', { name: 'Generate', exact: true }).click();
  // The fixtures' last fine of this contract is in October 2026: this month's draft holds this one alone.
  await expect(page.getByText(/^Draft made: 1 fined complaint, RM [\d,]+\.\d\d$/)).toBeVisible();

  const detail = page.getByRole('dialog', { name: 'Claim Record', exact: true });
  await expect(detail).toContainText(`${contract.contractNo} · ${contract.title}`);
  await expect(detail.locator('[data-status="draft"]')).toHaveText('Draft');
  const line = detail.getByRole('row').filter({ hasText: refNo });
  await expect(line).toHaveCount(1);
  const cells = line.getByRole('cell');
  await expect(cells.nth(1)).toHaveText('Illegal dumping');
  await expect(cells.nth(3)).toHaveText('3');
  await expect(cells.nth(4)).toHaveText(rate.toLocaleString('en-US', { minimumFractionDigits: 2 }));
  // The contract's formula, by hand: if(repeatCount >= 3, 2, 1) × rate × max(qty, 1).
  await expect(detail.getByText('if(repeatCount >= 3, 2, 1) * rate * max(qty, 1)')).toBeVisible();
  const repeats = Number(await cells.nth(5).textContent());
  const amount = (repeats >= 3 ? 2 : 1) * rate * 3;
  await expect(cells.nth(6)).toHaveText(amount.toLocaleString('en-US', { minimumFractionDigits: 2 }));
  expect(await seriousViolations(page)).toEqual([]);

  // 4. The officer issues it, after being asked.
  await detail.getByRole('button', { name: 'Issue' }).click();
  const ask = page.getByRole('dialog', { name: 'Issue this claim record?' });
  await expect(ask).toContainText('can no longer change');
  await ask.getByRole('button', { name: 'Issue' }).click();
  const issued = page.getByText(/^Issued as INV-\d{4}-\d{6}; the contractor has been told$/);
  await expect(issued).toBeVisible();
  const invoiceNo = /INV-\d{4}-\d{6}/.exec((await issued.textContent())!)![0];
  await expect(detail.locator('[data-status="issued"]')).toHaveText('Issued');
  await expect(detail.getByRole('button', { name: 'Issue' })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Mark paid' })).toBeVisible();
  const total = (await detail.getByRole('row').last().getByRole('columnheader').last().textContent())!;
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(page).toHaveURL(/\/manage-complaint\/claim-record$/);
  await signOut(page);

  // 5. The contractor is told by the bell, which opens the invoice.
  await signIn(page, 'contractor');
  await expect(bell(page)).not.toHaveAccessibleName('Notifications, 0 unread');
  await bell(page).click();
  const notice = page.getByTestId('notification-list').getByRole('listitem').filter({ hasText: invoiceNo }).first();
  await expect(notice).toContainText('Invoice issued');
  await notice.getByRole('button').first().click();
  await expect(page).toHaveURL(/\/apps\/invoicing\/invoice\?claim=\d+$/);
  const invoice = page.getByRole('article', { name: 'Invoice' });
  await expect(invoice).toContainText(invoiceNo);
  await expect(invoice).toContainText('Majlis Perbandaran Seri Kenanga');
  await expect(invoice).toContainText('Alam Bersih Sdn Bhd');
  await expect(invoice.getByRole('row').filter({ hasText: refNo })).toContainText(
    amount.toLocaleString('en-US', { minimumFractionDigits: 2 }),
  );
  await expect(invoice).toContainText(`Total (RM)${total}`);
  expect(total).toBe(`RM ${amount.toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  const [english, malay] = WORDS[amount.toFixed(2)]!;
  await expect(invoice.getByText(english, { exact: true })).toBeVisible();
  await expect(invoice.getByText(malay, { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // 6. Printed, it is the invoice alone on one A4 page.
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeHidden();
  await expect(invoice).toBeVisible();
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
  // The page's own size, A4: 210 × 297 mm, 595.3 × 841.9 points.
  const [width, height] = (/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf)?.slice(1, 3) ?? []).map(Number);
  expect(Math.abs(width! - 595.3)).toBeLessThan(1);
  expect(Math.abs(height! - 841.9)).toBeLessThan(1);
});

test('an officer marks an issued record paid, refreshes and deletes a draft; every dialog is axe clean; the lines export as CSV', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'officer', { path: '/manage-complaint/claim-record?status=issued' });
  const rows = page.locator('table tbody tr');
  await expect(rows).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);

  // April's issued claim of MPSK/KON/2026/001: INV-2026-000003, issued 7 May 2026.
  await page.getByRole('button', { name: 'Open the claim of April 2026 for MPSK/KON/2026/001' }).click();
  await expect(page).toHaveURL(/open=2/);
  const detail = page.getByRole('dialog', { name: 'Claim Record', exact: true });
  await expect(detail).toContainText('INV-2026-000003');
  await expect(detail.getByRole('button', { name: 'Refresh' })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  const download = page.waitForEvent('download');
  await detail.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await (await download).path().then((file) => import('node:fs/promises').then((fs) => fs.readFile(file, 'utf8')));
  expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
    'Ref No,Type of Offence,Date of Misconduct,Qty,Rate,Formula,Repeat Count,Amount',
  );
  expect((await download).suggestedFilename()).toBe('claim-INV-2026-000003.csv');

  // Mark paid opens its own dialog, named for what it does, over the record's detail.
  await detail.getByRole('button', { name: 'Mark paid' }).click();
  const pay = page.getByRole('dialog', { name: 'Mark INV-2026-000003 paid' });
  const reference = pay.getByRole('textbox', { name: /^Payment reference/ });
  await expect(reference).toBeFocused();
  await pay.getByRole('button', { name: 'Mark paid' }).click();
  await expect(reference).toHaveAccessibleDescription(/Enter the payment reference/);
  expect(await seriousViolations(page)).toEqual([]);
  await reference.fill('TT-2026-1125-007');
  await pay.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByText('INV-2026-000003 marked paid')).toBeVisible();
  await expect(pay).toBeHidden();
  await expect(detail.locator('[data-status="paid"]')).toHaveText('Paid');
  await expect(detail).toContainText('TT-2026-1125-007');
  await page.keyboard.press('Escape');
  await expect(rows).toHaveCount(1);

  // The draft of June: priced again, then deleted after asking.
  await page.goto('/manage-complaint/claim-record?status=draft');
  await page.getByRole('button', { name: 'Open the claim of June 2026 for MPSK/KON/2026/001' }).click();
  await detail.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText(/^Priced again: 1 line, RM [\d,]+\.\d\d$/)).toBeVisible();
  await detail.getByRole('button', { name: 'Issue' }).click();
  const issue = page.getByRole('dialog', { name: 'Issue this claim record?' });
  await expect(issue.getByRole('button', { name: 'Cancel' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await issue.getByRole('button', { name: 'Cancel' }).click();
  await detail.getByRole('button', { name: 'Delete' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete this draft?' });
  await expect(remove.getByRole('button', { name: 'Cancel' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The draft of June 2026 for MPSK/KON/2026/001 was deleted')).toBeVisible();
  await expect(detail).toBeHidden();
  await expect(page.getByText('No items found')).toBeVisible();

  // Generating a month already claimed says so, in the form, and changes nothing.
  await page.goto('/manage-complaint/claim-record');
  await page.getByRole('button', { name: 'Generate claim' }).click();
  const generate = page.getByRole('dialog', { name: 'Generate a Claim Record' });
  await generate.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(generate.getByRole('combobox', { name: /^Contract/ })).toHaveAccessibleDescription('Select a contract');
  await generate.getByRole('combobox', { name: /^Contract/ }).click();
  await page.getByRole('option', { name: /^MPSK\/KON\/2026\/001 — / }).click();
  const month = generate.getByRole('button', { name: /^Month/ });
  await month.click();
  const picker = page.locator(`[id="${await month.getAttribute('aria-controls')}"]`);
  // The calendar comes with its first opening: read its year once it is there, then step to 2026.
  const year = picker.getByRole('button', { name: 'Choose the year' });
  await expect(year).toHaveText(/^\d{4}$/);
  while ((await year.textContent()) !== '2026') {
    const shown = Number(await year.textContent());
    await picker.getByRole('button', { name: shown > 2026 ? 'Previous year' : 'Next year' }).click();
    await expect(year).not.toHaveText(String(shown));
  }
  await picker.getByRole('button', { name: 'Feb' }).click();
  await generate.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(generate.getByRole('alert')).toHaveText('Contract MPSK/KON/2026/001 already has a claim record for February 2026.');
  expect(await seriousViolations(page)).toEqual([]);
});

test('a contractor sees its own issued and paid records only, and no way to change them', async ({ page }) => {
  await signIn(page, 'contractor', { path: '/manage-complaint/claim-record' });
  const rows = page.locator('table tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Draft' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Kitar Hijau' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Generate claim' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Contract' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Open the claim of April 2026 for MPSK/KON/2026/001' }).click();
  const detail = page.getByRole('dialog', { name: 'Claim Record', exact: true });
  await expect(detail.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);
  await detail.getByRole('link', { name: 'View invoice' }).click();
  await expect(page).toHaveURL(/\/apps\/invoicing\/invoice\?claim=2$/);
  await expect(page.getByRole('article', { name: 'Invoice' })).toContainText('INV-2026-000003');

  // Another contractor's invoice is not there for it.
  await page.goto('/apps/invoicing/invoice?claim=4');
  await expect(page.getByText('No such invoice')).toBeVisible();
  await page.getByRole('link', { name: 'All invoices' }).click();
  await expect(page.locator('table tbody tr')).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the list’s month is picked in its calendar, kept in the URL, and cleared by its button', async ({ page }) => {
  await signIn(page, 'officer', { path: '/manage-complaint/claim-record?month=2026-03' });
  const month = page.getByRole('button', { name: 'Month', exact: true });
  await expect(month).toHaveText('March 2026');
  await month.click();
  const calendar = page.locator(`[id="${await month.getAttribute('aria-controls')}"]`);
  await calendar.getByRole('button', { name: 'May' }).click();
  await expect(page).toHaveURL(/month=2026-05/);
  await expect(month).toHaveText('May 2026');

  await page.getByRole('button', { name: 'Clear the month' }).click();
  await expect(page).not.toHaveURL(/month=/);
});
