import { readFile } from 'node:fs/promises';
import { expect, seriousViolations, signIn, test } from './support';

// Issue 32: bulk work. Rows are ticked (a box each, Shift for a range, then every match) and acted on at once; each
// move is its own, and the result says what became of each.

const VERIFY = '/manage-complaint/verify-complaint';

test('a verifier fines several complaints with one remark; one decided meanwhile is refused, and said so', async ({ page }) => {
  await signIn(page, 'verifier', { path: VERIFY });
  const rows = page.locator('table tbody tr');
  await expect(rows.first()).toBeVisible();
  const boxes = page.getByRole('checkbox', { name: /^Select CMP-/ });
  const refNoOf = async (n: number) => ((await boxes.nth(n).getAttribute('aria-label')) ?? '').replace('Select ', '');
  const [first, second, third] = [await refNoOf(0), await refNoOf(1), await refNoOf(2)];

  // A box, then Shift and a box two rows on: the three rows are ticked.
  await boxes.nth(0).check();
  await boxes.nth(2).click({ modifiers: ['Shift'] });
  await expect(page.getByText('3 selected', { exact: true })).toBeVisible();
  await expect(boxes.nth(1)).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  // The export can be limited to them.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export selected' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  const exported = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(',')[0]);
  expect(exported.sort()).toEqual([first, second, third].sort());

  // Meanwhile the second is waived on its own.
  await page.getByRole('button', { name: `Verify ${second}` }).click();
  const single = page.getByRole('dialog', { name: `Verify Complaint ${second}` });
  await single.getByRole('button', { name: 'Waive' }).click();
  await single.getByRole('button', { name: 'Yes, waive' }).click();
  await expect(page.getByText(`Complaint ${second} waived`)).toBeVisible();
  await expect(page.getByText('3 selected', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Fine selected' }).click();
  const bulk = page.getByRole('dialog', { name: 'Fine 3 complaints?' });
  await expect(bulk).toContainText(`${first}, ${second}, ${third}`);
  await expect(bulk.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await bulk.getByRole('textbox', { name: /^Remark for all of them/ }).fill('Seen on the monthly round.');
  expect(await seriousViolations(page)).toEqual([]);
  await bulk.getByRole('button', { name: 'Fine 3 complaints' }).click();

  const result = page.getByRole('dialog', { name: 'Result' });
  await expect(result.getByRole('status')).toContainText('2 complaints fined');
  await expect(result.getByRole('status')).toContainText('1 was refused, and stays as it was:');
  await expect(result.getByRole('list', { name: 'Refused complaints' })).toHaveText(
    `${second}: This complaint is already decided; its status is final.`,
  );
  await expect(result).toContainText(`Fined: ${first}, ${third}`);
  expect(await seriousViolations(page)).toEqual([]);
  await result.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByText('3 selected', { exact: true })).toHaveCount(0);
  for (const refNo of [first, second, third]) await expect(page.getByRole('button', { name: `Verify ${refNo}` })).toHaveCount(0);

  // The fines are in History with the one remark.
  await page.goto(`/manage-complaint/history-complaint?q=${first}`);
  await expect(page.locator('table tbody tr').first()).toContainText('Fined');
});

test('every complaint matching the list is waived at once, past the page’s rows', async ({ page }) => {
  await signIn(page, 'verifier', { path: `${VERIFY}?status=justified&size=5` });
  const rows = page.locator('table tbody tr');
  await expect(rows).toHaveCount(5);
  const total = Number(/of (\d+)$/.exec((await page.getByText(/^1–5 of \d+$/).textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThan(5);

  await page.getByRole('checkbox', { name: 'Select every row on this page' }).check();
  await expect(page.getByText('5 selected', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Select all ${total} matching` }).click();
  await expect(page.getByText(`All ${total} matching selected`)).toBeVisible();
  await page.getByRole('button', { name: 'Waive selected' }).click();
  const bulk = page.getByRole('dialog', { name: `Waive ${total} complaints?` });
  await bulk.getByRole('button', { name: `Waive ${total} complaints` }).click();
  const result = page.getByRole('dialog', { name: 'Result' });
  await expect(result.getByRole('status')).toContainText(`${total} complaints waived`);
  await expect(result.getByRole('status')).toContainText('Every one was decided.');
  await result.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByText('No items found')).toBeVisible();
});

test('an administrator takes several zones out of use at once, and Undo puts them all back', async ({ page }) => {
  await signIn(page, 'admin', { path: '/manage-user/zone' });
  const rows = page.locator('table tbody tr');
  await expect(rows.first()).toBeVisible();
  const names: string[] = [];
  for (const n of [0, 1]) {
    const box = rows.nth(n).getByRole('checkbox');
    names.push(((await box.getAttribute('aria-label')) ?? '').replace(/^Select /, ''));
    await box.check();
  }
  await expect(page.getByText('2 selected', { exact: true })).toBeVisible();
  // Reference records are acted on a page at a time.
  await expect(page.getByRole('button', { name: /^Select all \d+ matching$/ })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Reversible, so done at once: the toast offers Undo instead of a dialog asking first.
  await page.getByRole('button', { name: 'Deactivate selected' }).click();
  await expect(page.getByText('2 records deactivated.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('2 selected', { exact: true })).toHaveCount(0);
  for (const name of names) await expect(page.getByRole('button', { name: `Deactivate ${name}`, exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  for (const name of names) await expect(page.getByRole('button', { name: `Deactivate ${name}`, exact: true })).toBeVisible();
});

test('anyone marks every notification read at once from the bell', async ({ page }) => {
  await signIn(page, 'officer');
  const bell = page.getByRole('button', { name: /^Notifications, / });
  await expect(bell).not.toHaveAccessibleName('Notifications, none unread');
  await bell.click();
  const dropdown = page.getByRole('dialog', { name: 'Notifications' });
  await dropdown.getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications, none unread');
  await expect(page.getByTestId('notification-count').locator('.mantine-Indicator-indicator')).toHaveCount(0);
  await expect(dropdown.getByRole('button', { name: 'Mark all read' })).toHaveCount(0);
  await expect(dropdown.getByText(/ in all, 0 unread$/)).toBeVisible();
  // Kept by the server: still read after a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: /^Notifications, / })).toHaveAccessibleName('Notifications, none unread');
});
