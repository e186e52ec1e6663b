import type { Locator } from '@playwright/test';
import { complaints } from '../fixtures';
import {
  choose,
  expect,
  failApi,
  FRESH_COMPLAINT,
  historyPath,
  klYesterday,
  pickDateTime,
  registerFreshComplaint,
  restoreApi,
  signIn,
  signOut,
  test,
} from './support';

/*
 * Issue 32's defects walked again in the browser, as the user who found them met them: each
 * test fails if its defect comes back. The same tests run on the mocks and on the server.
 */

/** How many of `locator`'s elements a person sees: laid out, not hidden, and not faded to nothing. */
const seenCount = (locator: Locator) =>
  locator.evaluateAll(
    (elements) => elements.filter((el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true })).length,
  );

/** A day as an ISO date, and as "27 Nov 2026" or "27 November 2026": neither is how the screens say a day. */
const ISO_DAY = /\d{4}-\d\d-\d\d/;
const WORDY_DAY = /\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{4}\b/;

/** Every day `area` shows is DD-MM-YYYY: there is one at least, and none of another shape (read as a person reads it, cell by cell). */
async function expectDaysAsDdMmYyyy(area: Locator) {
  const text = await area.innerText();
  expect(text).toMatch(/\b\d\d-\d\d-\d{4}\b/);
  expect(text).not.toMatch(ISO_DAY);
  expect(text).not.toMatch(WORDY_DAY);
}

test('a contract not running on the day of the misconduct is refused by the form: nothing is sent, and the days are said as DD-MM-YYYY', async ({
  page,
}) => {
  await signIn(page, 'officer', { path: '/manage-complaint/complaint' });
  const posted: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/complaints') posted.push(request.url());
  });
  await page.getByRole('button', { name: 'Register complaint' }).click();
  const form = page.getByRole('dialog', { name: 'Register Complaint' });
  const contract = form.getByRole('combobox', { name: /^Contract\b/ });
  // Every field filled as it should be; the contractor's one contract is filled in.
  await choose(page, form, /^Type of Offence/, FRESH_COMPLAINT.offence);
  await form.getByRole('textbox', { name: /^Description/ }).fill(FRESH_COMPLAINT.description);
  await choose(page, form, /^Contractor/, FRESH_COMPLAINT.contractor);
  await expect(contract).toHaveValue(/^MPSK\/KON\/2026\/001/);
  await form.getByRole('textbox', { name: /^Offender/ }).fill(FRESH_COMPLAINT.offender);
  await form.getByRole('textbox', { name: /^Location/ }).fill(FRESH_COMPLAINT.location);
  await form.getByRole('textbox', { name: /^Quantity/ }).fill(String(FRESH_COMPLAINT.qty));
  // Then the misconduct is put the day before the contract began.
  await pickDateTime(page, form, /^Date of Misconduct/, { date: '2025-12-31', time: '10:30', amPm: 'AM' });

  await form.getByRole('button', { name: 'Register', exact: true }).click();
  const why =
    'Contract MPSK/KON/2026/001 runs from 01-01-2026 to 31-12-2028, not on the day of the misconduct (31-12-2025). Choose another contract or check the date.';
  await expect(form.getByText(why, { exact: true })).toBeVisible();
  await expect(contract).toHaveAccessibleDescription(/runs from 01-01-2026 to 31-12-2028, not on the day of the misconduct \(31-12-2025\)/);
  await expect(contract).toHaveAttribute('aria-invalid', 'true');
  await expect(form).not.toContainText(ISO_DAY);
  await expect(page.getByText(/^Complaint CMP-\d{4}-\d{6} registered$/)).toHaveCount(0);
  await expect(form).toBeVisible();
  expect(posted).toEqual([]);

  // A day the contract runs: the same form is sent, once.
  await pickDateTime(page, form, /^Date of Misconduct/, { date: klYesterday(), time: '10:30', amPm: 'AM' });
  await expect(form.getByText(why, { exact: true })).toHaveCount(0);
  await form.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText(/^Complaint CMP-\d{4}-\d{6} registered$/)).toBeVisible();
  expect(posted).toHaveLength(1);
});

test('a verifier reading a claim record is not offered “View invoice”; an officer on the same record is', async ({ page }) => {
  const detail = page.getByRole('dialog', { name: 'Claim Record', exact: true });
  const viewInvoice = detail.getByRole('link', { name: 'View invoice' });
  // Opened by its link…
  await signIn(page, 'verifier', { path: '/manage-complaint/claim-record?open=2' });
  await expect(detail).toContainText('INV-2026-000003');
  await expect(detail.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  await expect(viewInvoice).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  // …and by a click in the list.
  await page.getByRole('button', { name: 'Open the claim of April 2026 for MPSK/KON/2026/001' }).click();
  await expect(detail).toContainText('INV-2026-000003');
  await expect(detail.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  await expect(viewInvoice).toHaveCount(0);
  // The invoice screen is not the verifier's: the link would have led to a 403 page.
  await page.goto('/apps/invoicing/invoice?claim=2');
  await expect(page.getByRole('heading', { name: 'You may not open this page' })).toBeVisible();
  await signOut(page);

  await signIn(page, 'officer', { path: '/manage-complaint/claim-record?open=2' });
  await expect(detail).toContainText('INV-2026-000003');
  await expect(viewInvoice).toBeVisible();
  await viewInvoice.click();
  await expect(page).toHaveURL(/\/apps\/invoicing\/invoice\?claim=2$/);
  await expect(page.getByRole('article', { name: 'Invoice' })).toContainText('INV-2026-000003');
});

test('at 1366 × 768 the contractor’s Justify is whole in view and in its table, whose scrollbar stays shown with the mouse away', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  // The fixtures' submitted complaints are past their time to justify: a fresh one is not.
  const refNo = await registerFreshComplaint(page);
  await signOut(page);
  await signIn(page, 'contractor', { path: '/manage-complaint/verify-complaint' });
  const justify = page.getByRole('button', { name: `Justify ${refNo}` });
  await expect(justify).toBeVisible();
  // Scrolled down to, if need be, as a person would: then it is whole on the screen.
  await justify.scrollIntoViewIfNeeded();
  await expect(justify).toBeInViewport({ ratio: 1 });

  const box = (await justify.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(1366);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(768);
  // Not cut by the table's own scrolling box either.
  const scroller = page.locator('.mantine-ScrollArea-viewport').filter({ has: justify }).last();
  const shown = (await scroller.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(shown.x);
  expect(box.x + box.width).toBeLessThanOrEqual(shown.x + shown.width);
  // The button takes a click where it is drawn: nothing lies over it.
  const hit = await justify.evaluate((button) => {
    const r = button.getBoundingClientRect();
    const at = document.elementFromPoint(r.right - 2, r.top + r.height / 2);
    return at !== null && button.contains(at);
  });
  expect(hit).toBe(true);

  // Wider than its place, the table shows its scrollbar, and keeps it shown with the mouse away.
  const overflows = await scroller.evaluate((el) => el.scrollWidth > el.clientWidth);
  if (overflows) {
    await page.mouse.move(0, 767);
    await page.waitForTimeout(1500);
    const table = page.locator('.mantine-ScrollArea-root').filter({ has: justify }).last();
    const bar = table.locator('.mantine-ScrollArea-scrollbar[data-orientation="horizontal"]');
    await expect(bar).toBeVisible();
    await expect(bar).not.toHaveAttribute('data-state', 'hidden');
    expect(Number(await bar.evaluate((el) => getComputedStyle(el).opacity))).toBeGreaterThan(0.5);
    expect((await bar.boundingBox())!.height).toBeGreaterThan(0);
  }
});

test('Activity: a period in the past shows “No items found”, and a change of privileges reads in words', async ({ page }) => {
  // A privilege of the officers is changed through Matrix Privilege.
  await signIn(page, 'admin', { path: '/manage-user/matrix-privilage' });
  await page.getByRole('combobox', { name: 'User type' }).click();
  await page.getByRole('option', { name: 'Officer', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Complaint: Delete', exact: true }).click();
  await expect(page.getByText('1 unsaved change')).toBeVisible();
  await page.getByRole('button', { name: 'Review and save' }).click();
  await page.getByRole('dialog', { name: 'Review the Changes' }).getByRole('button', { name: 'Save 1 change' }).click();
  await expect(page.getByText('Privileges of Officer saved')).toBeVisible();

  await page.goto('/manage-user/activity');
  const events = page.locator('table tbody tr:not(.mantine-datatable-empty-row)');
  const change = events.filter({ hasText: 'Privileges of Officer' });
  await expect(change).toHaveCount(1);
  await expect(change).toContainText('Changed');
  await expect(change).toContainText('admin@example.com');
  await change.click();
  // What changed, by the screen's name and the actions' names: no raw keys, no JSON.
  const complaintRow = page.getByRole('row', { name: /^Complaint\b/ }).filter({ has: page.getByRole('rowheader') });
  await expect(complaintRow).toHaveCount(1);
  const [before, after] = await complaintRow.getByRole('cell').allInnerTexts();
  for (const value of [before!, after!])
    expect(value).toMatch(/^(View|Create|Update|Delete|Justify|Verify)(, (View|Create|Update|Delete|Justify|Verify))*$/);
  // The one action clicked, and only it, is the difference.
  const [was, is] = [new Set(before!.split(', ')), new Set(after!.split(', '))];
  expect([...was].filter((a) => !is.has(a)).concat([...is].filter((a) => !was.has(a)))).toEqual(['Delete']);
  const table = page.locator('table').first();
  await expect(table).not.toContainText('["');
  await expect(table).not.toContainText('[');
  await expect(table).not.toContainText(/\b(view|create|update|delete)\b/);
  await expect(table).not.toContainText('manage-complaint');

  // Days in the past, picked in the calendar: nothing was done then.
  const days = page.getByRole('button', { name: 'Days', exact: true });
  await days.click();
  const calendar = page.locator(`[id="${await days.getAttribute('aria-controls')}"]`);
  await calendar.getByRole('button', { name: 'Previous month' }).click();
  await calendar.getByRole('button', { name: 'Previous month' }).click();
  const month = new Date(Date.now() + 8 * 3_600_000);
  month.setUTCDate(1);
  month.setUTCMonth(month.getUTCMonth() - 2);
  const name = (day: number) => `${day} ${month.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })} ${month.getUTCFullYear()}`;
  await calendar.getByRole('button', { name: name(1), exact: true }).click();
  await calendar.getByRole('button', { name: name(10), exact: true }).click();
  const yyyyMm = month.toISOString().slice(0, 7);
  await expect(page).toHaveURL(new RegExp(`from=${yyyyMm}-01&to=${yyyyMm}-10`));
  await expect(days).toHaveText(`01-${yyyyMm.slice(5)}-${yyyyMm.slice(0, 4)} – 10-${yyyyMm.slice(5)}-${yyyyMm.slice(0, 4)}`);
  await expect(events).toHaveCount(0);
  // Said, not merely in the page: the table's empty state is there all along, faded out while it has rows.
  await expect.poll(() => seenCount(page.getByText('No items found'))).toBe(1);
  await expect(page.getByText('Privileges of Officer')).toHaveCount(0);
});

test('days read DD-MM-YYYY on a claim record, its invoice and the contracts list, never as ISO or “27 Nov 2026”', async ({ page }) => {
  // January 2026's claim of MPSK/KON/2026/001: issued 06-03-2026, due 05-04-2026, paid 30-03-2026.
  await signIn(page, 'officer', { path: '/manage-complaint/claim-record?open=1' });
  const detail = page.getByRole('dialog', { name: 'Claim Record', exact: true });
  await expect(detail).toContainText('INV-2026-000001');
  for (const day of ['06-03-2026', '05-04-2026', '30-03-2026', '05-03-2026']) await expect(detail).toContainText(day);
  await expectDaysAsDdMmYyyy(detail);
  const line = detail
    .getByRole('row')
    .filter({ hasText: /CMP-\d{4}-\d{6}/ })
    .first();
  await expect(line.getByRole('cell').nth(2)).toHaveText(/^\d\d-\d\d-\d{4}$/);

  await detail.getByRole('link', { name: 'View invoice' }).click();
  await expect(page).toHaveURL(/\/apps\/invoicing\/invoice\?claim=1$/);
  const invoice = page.getByRole('article', { name: 'Invoice' });
  await expect(invoice).toContainText('INV-2026-000001');
  await expect(invoice).toContainText('Issued: 06-03-2026');
  await expect(invoice).toContainText('Due: 05-04-2026');
  await expect(invoice).toContainText('Paid on 30-03-2026, reference TT-2026-0330-118');
  await expectDaysAsDdMmYyyy(invoice);

  await page.goto('/manage-contract/contract');
  const rows = page.locator('table tbody tr:not(.mantine-datatable-empty-row)');
  await expect(rows.filter({ hasText: 'MPSK/KON/2026/001' })).toContainText('01-01-2026 – 31-12-2028');
  await expect(rows.filter({ hasText: 'MPSK/KON/2026/002' })).toContainText('01-01-2026 – 31-12-2027');
  await expectDaysAsDdMmYyyy(page.locator('table').first());
  await expect(page.getByRole('main')).not.toContainText(ISO_DAY);
  await expect(page.getByRole('main')).not.toContainText(WORDY_DAY);
});

test('a file that only claims to be an image is refused on editing a complaint: no image for it, the count unchanged', async ({ page }) => {
  const target = complaints.filter((c) => c.status === 1 && c.complaintAttachments.length >= 2).at(-1)!;
  const had = target.complaintAttachments.length;
  await signIn(page, 'officer', { path: '/manage-complaint/complaint' });
  await page.getByLabel('Filter:').fill(target.refNo);
  await page.getByRole('button', { name: `Edit ${target.refNo}` }).click();
  const form = page.getByRole('dialog', { name: `Edit Complaint ${target.refNo}` });
  const group = form.getByRole('group', { name: /^Complaint attachments/ });
  const images = group.locator('img');
  await expect(images).toHaveCount(had);
  await expect(group.getByText(`${had} of 10 images`, { exact: true })).toBeVisible();

  await page.getByTestId('image-attachments-input').setInputFiles({
    name: 'x.png',
    mimeType: 'image/png',
    buffer: Buffer.from('This is a text file, not a picture.\n'),
  });
  const refusal = group.getByRole('alert').filter({ hasText: 'Some images were not added' });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('x.png: choose a JPEG, PNG or WebP image.');
  await expect(form.getByRole('progressbar')).toHaveCount(0);
  await expect(group.getByRole('img', { name: 'x.png' })).toHaveCount(0);
  await expect(group.getByText('x.png', { exact: true })).toHaveCount(0);
  await expect(images).toHaveCount(had);
  await expect(group.getByText(`${had} of 10 images`, { exact: true })).toBeVisible();
});

test('History whose list fails says so with Retry, not “No items found”; Retry brings the rows back', async ({ page }) => {
  await signIn(page, 'officer', { path: historyPath });
  const rows = page.locator('table tbody tr:not(.mantine-datatable-empty-row)');
  await expect(rows).toHaveCount(10);
  await failApi(page, '/api/v1/complaints', 500);
  await page.reload();
  const alert = page.getByRole('alert').filter({ hasText: 'Could not load the complaint history' });
  await expect(alert).toBeVisible({ timeout: 15_000 });
  await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(rows).toHaveCount(0);
  await expect(page.getByText('No items found')).toHaveCount(0);

  await restoreApi(page);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(rows).toHaveCount(10);
  await expect(alert).toBeHidden();
  // The table keeps its empty state in the page, faded out (opacity 0) while it has rows.
  await expect.poll(() => seenCount(page.getByText('No items found'))).toBe(0);
});

test('the dashboard’s “Awaiting justification” counts the complaints still within their time, as many as its list holds', async ({
  page,
}) => {
  const now = Date.now();
  const submitted = complaints.filter((c) => c.status === 1);
  const inTime = submitted.filter((c) => c.justifyBy !== null && Date.parse(c.justifyBy) > now).length;
  const refNo = await registerFreshComplaint(page);

  await page.goto('/dashboard');
  const figure = (key: string) => page.getByTestId(`card-${key}`);
  await expect(figure('awaitingJustification')).toHaveText(/\d/);
  // The fixtures' submitted complaints past their time are overdue, not awaiting; the fresh one is awaiting.
  await expect(figure('awaitingJustification')).toHaveText(String(inTime + 1));
  await expect(figure('overdue')).toHaveText(String(submitted.length - inTime));

  await page.getByRole('link', { name: /^Awaiting justification\b/ }).click();
  await expect(page).toHaveURL(new RegExp(`${historyPath}\\?`));
  await expect(page).toHaveURL(/overdue=false/);
  await expect(page.getByText(new RegExp(`^\\d+–\\d+ of ${inTime + 1}$`))).toBeVisible();
  await expect(page.locator('table tbody tr').filter({ hasText: refNo })).toHaveCount(1);
});
