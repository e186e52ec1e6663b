import type { Page } from '@playwright/test';
import { expect, historyPath, seriousViolations, signIn, test } from './support';

/*
 * Issue 13's dashboard: each figure opens the list it counts, and that list holds as many
 * rows. The figures themselves are checked against hand counts in api-tests/dashboard.test.ts;
 * here the browser proves the links agree with them, on the mocks and on the server.
 */

const card = (page: Page, name: string) => page.getByRole('link', { name: new RegExp(`^${name}\\b`) });
const figureOf = async (page: Page, key: string) => Number((await page.getByTestId(`card-${key}`).innerText()).replace(/[^\d]/g, ''));
/** The list's pager says it holds `count` rows ("1–10 of 16"). */
const expectRows = (page: Page, count: number) => expect(page.getByText(new RegExp(`^\\d+–\\d+ of ${count}$`))).toBeVisible();

test('a card’s count equals the rows of the list it opens', async ({ page }) => {
  await signIn(page, 'verifier', { path: '/dashboard?from=2026-01-01&to=2026-03-31' });
  await expect(page.getByTestId('card-open')).toHaveText(/\d/);

  for (const [key, name] of [
    ['overdue', 'Overdue'],
    ['waived', 'Waived'],
    ['fined', 'Fined'],
  ] as const) {
    const count = await figureOf(page, key);
    expect(count).toBeGreaterThan(0);
    await card(page, name).click();
    await expect(page).toHaveURL(new RegExp(`${historyPath}\\?`));
    await expectRows(page, count);
    await page.goBack();
    await expect(page.getByTestId(`card-${key}`)).toBeVisible();
  }

  // The overdue list says what it holds, and lets go of it.
  await card(page, 'Overdue').click();
  const overdueOnly = page.getByText('Overdue only');
  await expect(overdueOnly).toBeVisible();
  await overdueOnly.click();
  await expect(page).not.toHaveURL(/overdue=/);

  // A chart's figure, from its table of links: the period's most frequent offence.
  await page.goto('/dashboard?from=2026-01-01&to=2026-03-31');
  const offences = page
    .getByRole('heading', { name: 'Top offence types' })
    .locator('xpath=ancestor::div[contains(@class,"mantine-Paper-root")][1]');
  await offences.getByText('Table', { exact: true }).click();
  const first = offences.getByRole('link').first();
  const count = Number(await first.innerText());
  await first.click();
  await expectRows(page, count);
});

test('the money cards open the invoices they add up, and the contractor counts its own', async ({ page }) => {
  await signIn(page, 'contractor', { path: '/dashboard?from=2026-01-01&to=2026-11-26' });
  await expect(page.getByTestId('card-finesPaid')).toHaveText('RM 20,000.00');
  await card(page, 'Paid').click();
  await expect(page).toHaveURL(/claim-record\?status=paid&from=2026-01&to=2026-11/);
  await expect(page.getByText('January 2026 to November 2026')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'RM 20,000.00' })).toHaveCount(1);
});

test('the period picker writes the period to the URL; the dashboard and the gallery are axe clean', async ({ page }) => {
  await signIn(page, 'admin', { path: '/dashboard' });
  await expect(page.getByTestId('card-open')).toHaveText(/\d/);
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'This year' }).click();
  const year = new Date().getFullYear();
  await expect(page).toHaveURL(new RegExp(`from=${year}-01-01`));
  await expect(page.getByRole('heading', { name: 'Complaints per month by status' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Complaints per month by status' }).locator('.ct-bar').first()).toBeAttached();
  // The previous period's figures stay, dimmed and busy, until the new ones arrive: judge the new ones.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  // A bar opens the list it counts. (A bar is an SVG line, a box without height to Playwright: the click is the element's own.)
  const bar = page.getByRole('img', { name: 'Fines per contractor' }).locator('.ct-bar').first();
  expect(await bar.locator('title').textContent()).toMatch(/^.+, Fined complaints: \d+$/);
  await bar.dispatchEvent('click');
  await expect(page).toHaveURL(/history-complaint\?status=fined&contractor=\d+/);
  await expect(page.getByRole('heading', { level: 1, name: 'History Complaint' })).toBeVisible();
  await page.goBack();
  for (const tab of await page.getByText('Table', { exact: true }).all()) await tab.click();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/widgets');
  await expect(page.getByRole('heading', { name: 'With figures' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
