import type { Page } from '@playwright/test';
import { archiveComplaint, complaints } from '../fixtures';
import { EXACT_TOTAL_MAX } from '../contract/list-limits';
import { addArchiveComplaints, expect, historyPath, seriousViolations, signIn, test } from './support';

const rows = (page: Page) => page.locator('table tbody tr:not(.mantine-datatable-empty-row)');
const refNos = (page: Page) => rows(page).locator('td:first-child').allTextContents();
const filters = (page: Page) => page.getByTestId('complaint-filters');

test('a filtered, sorted, paged History view lives in the URL: reload and Back restore it', async ({ page }) => {
  await signIn(page, 'officer', { path: historyPath });
  await expect(rows(page)).toHaveCount(10);

  const fined = complaints.filter((c) => c.status === 3);
  await filters(page).locator('label', { hasText: 'Fined' }).click();
  await expect(page).toHaveURL(/status=fined/);
  await expect(page.getByText(`1–${Math.min(10, fined.length)} of ${fined.length}`)).toBeVisible();

  await page.locator('thead th[data-accessor="refNo"]').click();
  await expect(page).toHaveURL(/sort=refNo/);
  const ascending = [...fined].sort((a, b) => a.refNo.localeCompare(b.refNo)).map((c) => c.refNo);
  await expect.poll(() => refNos(page)).toEqual(ascending.slice(0, 10));

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect.poll(() => refNos(page)).toEqual(ascending.slice(10, 20));

  await page.reload();
  await expect.poll(() => refNos(page)).toEqual(ascending.slice(10, 20));
  await expect(filters(page).getByRole('checkbox', { name: 'Fined' })).toBeChecked();

  await page.goBack();
  await expect(page).not.toHaveURL(/page=2/);
  await expect.poll(() => refNos(page)).toEqual(ascending.slice(0, 10));

  // A text typed into the filter is one more step in the URL.
  await page.getByLabel('Filter:').fill(fined[0]!.refNo);
  await expect(page).toHaveURL(new RegExp(`q=${fined[0]!.refNo}`));
  await expect(rows(page)).toHaveCount(1);
  // The typed text replaced its step: Back is the view before it, the box empty again.
  await page.goBack();
  await expect(page.getByLabel('Filter:')).toHaveValue('');
  await expect(page).not.toHaveURL(/q=/);
  await page.goto(`${historyPath}?status=cancelled&page=-3&sort=password`);
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByText(`1–10 of ${complaints.length}`)).toBeVisible();
});

test('the export has every filtered row, beyond the page on screen', async ({ page }) => {
  await signIn(page, 'officer', { path: `${historyPath}?status=submitted,justified` });
  const open = complaints.filter((c) => c.status <= 2);
  await expect(page.getByText(`1–10 of ${open.length}`)).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('complaint-history.csv');
  const text = (await (await file.createReadStream()).toArray()).join('');
  const lines = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toMatch(/^Ref\. No,Type of Offence,Contractor,/);
  // Each complaint is one record (no line breaks in these fixture texts).
  expect(
    lines
      .slice(1)
      .map((line) => line.split(',')[0])
      .sort(),
  ).toEqual(open.map((c) => c.refNo).sort());
});

test('the oldest of more than 1,000 complaints can be reached', async ({ page }) => {
  await signIn(page, 'officer');
  await addArchiveComplaints(page, 1100);
  const total = complaints.length + 1100;
  await page.goto(`${historyPath}?size=50`);
  await expect(page.getByText(`1–50 of ${total}`)).toBeVisible();
  await page.getByRole('button', { name: String(Math.ceil(total / 50)), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`page=${Math.ceil(total / 50)}`));
  await expect(page.getByRole('cell', { name: archiveComplaint(1100).refNo, exact: true })).toBeVisible();
});

test('a list too long to count says about how long, and pages first, next, last and previous by place', async ({ page }) => {
  await signIn(page, 'officer', { path: historyPath });
  await expect(rows(page)).toHaveCount(10);
  const archive = EXACT_TOTAL_MAX + 100;
  await addArchiveComplaints(page, archive);
  // Sorting asks again within the page (the mock API's rows live in the tab: too many to keep over a reload).
  await page.locator('thead th[data-accessor="dateOfMisconduct"]').click();
  await expect(page).toHaveURL(/sort=dateOfMisconduct/);
  const oldest = archiveComplaint(archive).refNo;
  await expect(rows(page).first()).toContainText(oldest);
  await expect(page.getByText(/^About [\d,]+ rows$/)).toBeVisible();
  const previous = page.getByRole('button', { name: 'Previous page' });
  const next = page.getByRole('button', { name: 'Next page' });
  await expect(previous).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);

  const firstPage = await refNos(page);
  await next.click();
  await expect(page).toHaveURL(/[?&]at=[\w-]+/);
  await expect(rows(page).first()).not.toContainText(oldest);
  const secondPage = await refNos(page);
  expect(secondPage.some((refNo) => firstPage.includes(refNo))).toBe(false);

  await page.getByRole('button', { name: 'Last page' }).click();
  await expect(page).toHaveURL(/[?&]at=last/);
  const newest = [...complaints].sort((a, b) => Date.parse(a.dateOfMisconduct) - Date.parse(b.dateOfMisconduct)).at(-1)!;
  await expect(rows(page).last()).toContainText(newest.refNo);
  await expect(next).toBeDisabled();

  await page.getByRole('button', { name: 'First page' }).click();
  await expect(page).not.toHaveURL(/[?&]at=/);
  await expect(rows(page).first()).toContainText(oldest);
  // Back returns to the last page, as the URL kept it.
  await page.goBack();
  await expect(page).toHaveURL(/[?&]at=last/);
  await expect(rows(page).last()).toContainText(newest.refNo);
});

test('a page past the end shows the last one, and Back never returns to the page that is gone', async ({ page }) => {
  await signIn(page, 'officer', { path: historyPath });
  await expect(rows(page)).toHaveCount(10);
  await page.goto(`${historyPath}?page=500`);
  const last = Math.ceil(complaints.length / 10);
  await expect(page).toHaveURL(new RegExp(`page=${last}$`));
  await expect(page.getByText(`${(last - 1) * 10 + 1}–${complaints.length} of ${complaints.length}`)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${historyPath}$`));
  await expect(rows(page)).toHaveCount(10);
});

test('a period of misconduct takes whole days of the user’s own calendar', async ({ page }) => {
  await signIn(page, 'officer');
  // The browser runs in Malaysia's time (UTC+8): a day there begins at 16:00 UTC the day before.
  const klDay = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 10);
  const march = complaints.filter((c) => klDay(c.dateOfMisconduct) >= '2026-03-01' && klDay(c.dateOfMisconduct) <= '2026-03-31');
  expect(march.length).toBeGreaterThan(0);
  await page.goto(`${historyPath}?from=2026-03-01&to=2026-03-31&size=50`);
  await expect(page.getByText(`1–${march.length} of ${march.length}`)).toBeVisible();
  await expect.poll(() => refNos(page).then((r) => r.sort())).toEqual(march.map((c) => c.refNo).sort());
  await expect(page.getByRole('button', { name: 'Date of misconduct', exact: true })).toHaveText('01-03-2026 – 31-03-2026');
});

test('the period is picked in its calendar, fetched when the field is first pointed at, and cleared by its button', async ({ page }) => {
  await signIn(page, 'officer');
  const calendarsFetched: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/calendars-[\w-]+\.js$/.test(request.url())) calendarsFetched.push(request.url());
  });
  await page.goto(`${historyPath}?from=2026-03-01&to=2026-03-31`);
  const period = page.getByRole('button', { name: 'Date of misconduct', exact: true });
  await expect(period).toHaveText('01-03-2026 – 31-03-2026');
  expect(calendarsFetched).toEqual([]);
  await period.hover();
  await expect.poll(() => calendarsFetched.length).toBe(1);
  await period.click();
  const calendar = page.locator(`[id="${await period.getAttribute('aria-controls')}"]`);
  await calendar.getByRole('button', { name: '10 March 2026' }).click();
  await calendar.getByRole('button', { name: '12 March 2026' }).click();
  await expect(page).toHaveURL(/from=2026-03-10&to=2026-03-12/);
  await expect(period).toHaveText('10-03-2026 – 12-03-2026');
  await expect(calendar).toBeHidden();

  await page.getByRole('button', { name: 'Clear the dates' }).click();
  await expect(page).not.toHaveURL(/from=/);
  await expect(period).toHaveText('Any time');
});
