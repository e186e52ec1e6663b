import type { Page } from '@playwright/test';
import { complaints, contractorOrganizationComplaints, DISTINCTIVE_COMPLAINT_ID, fixtureComplaint } from '../fixtures';
import { againstServer, expect, failApi, historyPath, restoreApi, signIn, test } from './support';

/** DD-MM-YYYY hh:mm:ss A in Malaysia's time, which the browser runs in. */
function shown(iso: string) {
  const kl = new Date(new Date(iso).getTime() + 8 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  const h = kl.getUTCHours();
  return `${p(kl.getUTCDate())}-${p(kl.getUTCMonth() + 1)}-${kl.getUTCFullYear()} ${p(h % 12 || 12)}:${p(kl.getUTCMinutes())}:${p(kl.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`;
}

const byDateDesc = [...complaints].sort((a, b) => Date.parse(b.dateOfMisconduct) - Date.parse(a.dateOfMisconduct));
const rows = (page: Page) => page.locator('table tbody tr:not(.mantine-datatable-empty-row)');
const pageSizeButton = (page: Page) => page.locator('.mantine-datatable-pagination button[aria-haspopup="menu"]');
const header = (page: Page, accessor: string) => page.locator(`thead th[data-accessor="${accessor}"]`);
const filter = (page: Page) => page.getByLabel('Filter:');

async function openHistory(page: Page, role: 'officer' | 'contractor' = 'officer') {
  await signIn(page, role, { path: historyPath });
  await expect(rows(page).first()).toBeVisible();
}

async function openDetail(page: Page, refNo: string) {
  await filter(page).fill(refNo);
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('button', { name: `View detail of ${refNo}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Detail History Complaint' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the table shows every column, formatted, 10 rows a page', async ({ page }) => {
  await openHistory(page);
  const headers = ['Ref. No', 'Date of Misconduct', 'Description', 'Offender', 'Location', 'Quantity', 'Status', 'Action'];
  await expect(page.locator('thead th')).toHaveText(headers);
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByText(`1–10 of ${complaints.length}`)).toBeVisible();

  const c = byDateDesc[0]!;
  const cells = rows(page).first().getByRole('cell');
  await expect(cells.nth(0)).toHaveText(c.refNo);
  await expect(cells.nth(1)).toHaveText(shown(c.dateOfMisconduct));
  await expect(cells.nth(2)).toHaveText(c.description);
  await expect(cells.nth(3)).toHaveText(c.offender);
  await expect(cells.nth(4)).toHaveText(c.location);
  await expect(cells.nth(5)).toHaveText(String(c.qty));
  await expect(cells.nth(6)).toHaveText(c.statusText);
  await expect(cells.nth(7).getByRole('button', { name: `View detail of ${c.refNo}` })).toBeVisible();
});

test('long descriptions are truncated at 150 px, whole on hover, to a screen reader and in the detail', async ({ page }) => {
  await openHistory(page);
  const long = complaints.find((c) => c.description.length > 200)!;
  await filter(page).fill(long.refNo);
  await expect(rows(page)).toHaveCount(1);
  const text = rows(page).first().getByRole('cell').nth(2).locator('p');
  await expect(text).toHaveCSS('text-overflow', 'ellipsis');
  expect((await text.boundingBox())!.width).toBeLessThanOrEqual(150);
  await text.hover();
  await expect(page.getByRole('tooltip')).toHaveText(long.description);
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toBeHidden();
  // Cut by CSS only: the cell's text is whole; a keyboard user opens the row (its one Tab stop).
  await expect(text).toHaveText(long.description);
  await page.getByRole('button', { name: `View detail of ${long.refNo}` }).press('Enter');
  await expect(
    page.getByRole('dialog', { name: 'Detail History Complaint' }).getByRole('textbox', { name: 'Description', exact: true }).first(),
  ).toHaveValue(long.description);
});

test('status badges are coloured by status', async ({ page }) => {
  await openHistory(page);
  // Filled badges take the theme's primary shade, 7 in the light scheme (src/app/theme.ts);
  // danger and success darker ones, for white text that meets WCAG AA.
  const colours: Record<number, string> = {
    1: 'rgb(73, 80, 87)', // gray.7
    2: 'rgb(245, 159, 0)', // yellow.7
    3: 'rgb(201, 42, 42)', // red.9
    4: 'rgb(8, 127, 91)', // teal.9
  };
  for (const status of [1, 2, 3, 4] as const) {
    const c = complaints.find((x) => x.status === status)!;
    await filter(page).fill(c.refNo);
    await expect(rows(page)).toHaveCount(1);
    const badge = rows(page).first().locator(`[data-status="${status}"]`);
    await expect(badge).toHaveText(c.statusText);
    await expect(badge).toHaveCSS('background-color', colours[status]!);
  }
});

test('rows per page: 5, 10, 20, 50, and paging through', async ({ page }) => {
  await openHistory(page);
  for (const size of [5, 20, 50, 10]) {
    await pageSizeButton(page).click();
    for (const option of ['5', '10', '20', '50']) {
      await expect(page.getByRole('menuitem', { name: option, exact: true })).toBeVisible();
    }
    await page.getByRole('menuitem', { name: String(size), exact: true }).click();
    await expect(rows(page)).toHaveCount(size);
    await expect(pageSizeButton(page)).toHaveText(String(size));
  }
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(page.getByText(`11–20 of ${complaints.length}`)).toBeVisible();
  await expect(rows(page).first().getByRole('cell').first()).toHaveText(byDateDesc[10]!.refNo);
});

test('columns sort both ways', async ({ page }) => {
  await openHistory(page);
  const refNos = complaints.map((c) => c.refNo).sort();
  await header(page, 'refNo').click();
  await expect(rows(page).first().getByRole('cell').first()).toHaveText(refNos[0]!);
  await header(page, 'refNo').click();
  await expect(rows(page).first().getByRole('cell').first()).toHaveText(refNos.at(-1)!);

  const maxQty = Math.max(...complaints.map((c) => c.qty));
  await header(page, 'qty').click();
  await header(page, 'qty').click();
  await expect(rows(page).first().getByRole('cell').nth(5)).toHaveText(String(maxQty));
});

test('the filter narrows every column, and says so when nothing matches', async ({ page }) => {
  await openHistory(page);
  const durian = fixtureComplaint(DISTINCTIVE_COMPLAINT_ID.durianHusks);
  await filter(page).fill('DURIAN');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(durian.refNo);
  await filter(page).fill(durian.location);
  await expect(rows(page).first()).toContainText(durian.location);
  await filter(page).fill('no complaint says this');
  await expect(page.getByText('No items found')).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
});

test("a contractor sees only its own organisation's complaints", async ({ page }) => {
  await openHistory(page, 'contractor');
  await expect(page.getByText(`1–10 of ${contractorOrganizationComplaints.length}`)).toBeVisible();
});

test('the detail opens 100 ms after its data, read-only, with every field', async ({ page }) => {
  await openHistory(page);
  const c = complaints.find(
    (x) => x.status >= 3 && x.remark && x.complaintAttachments.length > 0 && x.justificationAttachments.length > 0,
  )!;
  expect(c, 'a decided complaint with a remark and both kinds of attachment').toBeDefined();
  await filter(page).fill(c.refNo);
  await expect(rows(page)).toHaveCount(1);
  const arrived = page.waitForResponse((r) => r.url().endsWith(`/api/v1/complaints/${c.id}`)).then(() => Date.now());
  await page.getByRole('button', { name: `View detail of ${c.refNo}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Detail History Complaint' });
  await expect(dialog).toBeVisible();
  expect(Date.now() - (await arrived)).toBeGreaterThanOrEqual(90);

  await expect(dialog.getByLabel('Type of Offence')).toHaveValue(c.typeOfOffence.name);
  await expect(dialog.getByLabel('Date of Misconduct')).toHaveValue(shown(c.dateOfMisconduct));
  await expect(dialog.getByLabel('Description').first()).toHaveValue(c.description);
  await expect(dialog.getByLabel('Offender')).toHaveValue(c.offender);
  await expect(dialog.getByLabel('Location')).toHaveValue(c.location);
  await expect(dialog.getByLabel('Quantity')).toHaveValue(String(c.qty));
  for (const field of ['Date of Misconduct', 'Offender', 'Location', 'Quantity']) {
    await expect(dialog.getByLabel(field)).toHaveAttribute('readonly', '');
  }
  await expect(dialog.getByRole('heading', { name: 'Justification Details' })).toBeVisible();
  await expect(dialog.getByLabel('Description').nth(1)).toHaveValue(c.justification!);

  const thumbs = dialog.getByRole('group', { name: 'Complaint attachments' }).getByRole('img');
  await expect(thumbs).toHaveCount(c.complaintAttachments.length);
  const size = await thumbs.first().boundingBox();
  expect([size!.width, size!.height]).toEqual([100, 100]);
  await expect(dialog.getByRole('group', { name: 'Justification attachments' }).getByRole('img')).toHaveCount(
    c.justificationAttachments.length,
  );

  await expect(dialog.getByLabel('Remark')).toHaveValue(c.remark!);
  await expect(dialog.getByText('**Not compulsory (Fine or Wave)')).toBeVisible();

  await dialog.getByRole('button', { name: 'Close' }).last().click(); // the footer's; the header's X is named Close too
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/detail=/);
});

test('the remark shows only for fined and waived complaints', async ({ page }) => {
  await openHistory(page);
  for (const status of [1, 2, 3, 4] as const) {
    const c = complaints.find((x) => x.status === status)!;
    const dialog = await openDetail(page, c.refNo);
    if (status >= 3) {
      await expect(dialog.getByText('**Not compulsory (Fine or Wave)')).toBeVisible();
      await expect(dialog.getByLabel('Remark')).toBeVisible();
    } else {
      await expect(dialog.getByText('**Not compulsory (Fine or Wave)')).toHaveCount(0);
      await expect(dialog.getByLabel('Remark')).toHaveCount(0);
    }
    await dialog.getByRole('button', { name: 'Close' }).last().click(); // the footer's; the header's X is named Close too
    await expect(dialog).toBeHidden();
  }
});

test('an attachment opens larger in an image modal', async ({ page }) => {
  await openHistory(page);
  const c = complaints.find((x) => x.complaintAttachments.length > 0)!;
  const dialog = await openDetail(page, c.refNo);
  const thumbnail = dialog.getByRole('img', { name: 'Complaint attachments 1' });
  const address = (await thumbnail.getAttribute('src'))!;
  await dialog.getByRole('button', { name: 'Enlarge Complaint attachments 1' }).click();
  const image = page.getByRole('dialog', { name: 'Image' });
  await expect(image).toBeVisible();
  const img = image.getByRole('img', { name: 'Complaint attachments 1' });
  expect(address).toContain(againstServer ? '/api/v1/files/' : c.complaintAttachments[0]!.file);
  // The same file at each size: the small copy, the display copy, the original only to save.
  expect(address).toMatch(/[?&]variant=thumb$/);
  await expect(img).toHaveAttribute('src', address.replace(/variant=thumb$/, 'variant=display'));
  await expect(image.getByRole('link', { name: 'Download original' })).toHaveAttribute(
    'href',
    address.replace(/variant=thumb$/, 'download=1'),
  );
  // Loaded (the server may make the display copy on its first request, seconds on a busy machine).
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)), { timeout: 15_000 })
    .toBeGreaterThan(100);
  expect((await img.boundingBox())!.width).toBeGreaterThan(300);
  await page.keyboard.press('Escape');
  await expect(image).toBeHidden();
  await expect(dialog).toBeVisible();
});

test('a failed detail shows an error with Retry, and the action button is usable again', async ({ page }) => {
  await openHistory(page);
  const c = byDateDesc[0]!;
  await failApi(page, `/api/v1/complaints/${c.id}`, 500);
  await page.getByRole('button', { name: `View detail of ${c.refNo}` }).click();
  await expect(page.getByRole('alert')).toContainText('Could not load the complaint detail', { timeout: 15_000 });
  await restoreApi(page);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('dialog', { name: 'Detail History Complaint' })).toContainText(c.refNo);
});

test('SPEC §2: the detail opens once loaded, its fields filled from the first frame, the row’s action busy until then', async ({
  page,
}) => {
  await openHistory(page);
  const refNo = byDateDesc[0]!.refNo;
  await filter(page).fill(refNo);
  await expect(rows(page)).toHaveCount(1);
  const action = page.getByRole('button', { name: `View detail of ${refNo}` });
  // What the page showed, watched frame by frame: the action's busy state, and the dialog as it first appeared.
  await action.evaluate((button) => {
    const seen = { busy: false, dialog: null as null | { filled: boolean; spinner: boolean } };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    new MutationObserver(() => {
      if (button.hasAttribute('data-loading')) seen.busy = true;
      const dialog = document.querySelector('[role="dialog"]');
      if (dialog && !seen.dialog) {
        const offender = Array.from(dialog.querySelectorAll('label')).find((l) => l.textContent?.trim() === 'Offender');
        const input = offender?.htmlFor ? (document.getElementById(offender.htmlFor) as HTMLInputElement | null) : null;
        seen.dialog = { filled: Boolean(input?.value), spinner: dialog.querySelector('.mantine-Loader-root') !== null };
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await action.click();
  await expect(page.getByRole('dialog', { name: 'Detail History Complaint' })).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { __seen: unknown }).__seen);
  expect(seen).toEqual({ busy: true, dialog: { filled: true, spinner: false } });
  await expect(action).not.toHaveAttribute('data-loading');
});
