import { expect, signIn, test, seriousViolations } from './support';

/* Contracts and money (issue 12): formulas first. */

test('an administrator writes a formula with a typo, sees where it is, fixes it with the preview and saves it', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', { path: '/manage-contract/master-config' });
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Formula' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Repeat offender escalation' })).toContainText(
    'if(repeatCount >= 3, 2, 1) * rate * max(qty, 1)',
  );
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'New formula' }).click();
  const form = page.getByRole('dialog', { name: 'New Formula' });
  await form.getByRole('textbox', { name: /^Name/ }).fill('Triple for habitual offenders');
  const expression = form.getByRole('textbox', { name: /^Expression/ });
  await expression.fill('if(repeatCount >= 5, 3, 1) * rate * max(qtty, 1)');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(expression).toHaveAccessibleDescription(
    /Unknown variable “qtty”; use qty, rate, contractValue or repeatCount\. \(character 41\)/,
  );
  await expect(form.locator('mark')).toHaveText('qtty');
  await expect(form.getByTestId('formula-preview-result')).toHaveText('— (the expression does not check yet)');
  expect(await seriousViolations(page)).toEqual([]);

  await expression.fill('if(repeatCount >= 5, 3, 1) * rate * max(qty, 1)');
  await expect(form.locator('mark')).toHaveCount(0);
  // The sample values: qty 2, rate 150.00, repeatCount 3 → 1 × 150.00 × 2.
  await expect(form.getByTestId('formula-preview-result')).toHaveText('RM 300.00');
  await form.getByRole('textbox', { name: /^repeatCount/ }).fill('5');
  await expect(form.getByTestId('formula-preview-result')).toHaveText('RM 900.00');
  await form.getByRole('textbox', { name: /^qty/ }).fill('0');
  await expect(form.getByTestId('formula-preview-result')).toHaveText('RM 450.00');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Triple for habitual offenders created')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'Triple for habitual offenders' })).toContainText('max(qty, 1)');

  // Set on a contract: offered among the active formulas, shown with its expression.
  await page.goto('/manage-contract/contract');
  await expect(page.getByRole('heading', { level: 1, name: 'Contract' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit MPSK/KON/2026/002' }).click();
  const contract = page.getByRole('dialog', { name: 'Edit Contract' });
  await contract.getByRole('combobox', { name: /^Formula/ }).click();
  await expect(page.getByRole('option', { name: /Old per-item surcharge/ })).toHaveCount(0);
  await page.getByRole('option', { name: 'Triple for habitual offenders' }).click();
  await expect(contract.getByText('if(repeatCount >= 5, 3, 1) * rate * max(qty, 1)')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await contract.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('MPSK/KON/2026/002 saved')).toBeVisible();
  await expect(contract).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'MPSK/KON/2026/002' })).toContainText('Triple for habitual offenders');
});

test('contracts: filtered by contractor and running day, refused a period that ends before it starts, and a new one created with its rates', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', { path: '/manage-contract/contract?activeOn=2028-06-01' });
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText('MPSK/KON/2026/001');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Clear the day' }).click();
  await expect(page.getByRole('row')).toHaveCount(4);

  await page.getByRole('button', { name: 'New contract' }).click();
  const form = page.getByRole('dialog', { name: 'New Contract' });
  await form.getByRole('textbox', { name: /^Contract no/ }).fill('MPSK/KON/2027/009');
  await form.getByRole('combobox', { name: /^Contractor/ }).fill('Sinar');
  await page.getByRole('option', { name: 'Sinar Lestari Enviro Sdn Bhd' }).click();
  await form.getByRole('textbox', { name: /^Title/ }).fill('Beach cleansing, Zon Pesisir');
  await form.getByRole('textbox', { name: /^Value/ }).fill('120000');
  await form.getByRole('combobox', { name: /^Formula/ }).click();
  await page.getByRole('option', { name: 'Rate per item' }).click();
  await form.getByRole('textbox', { name: 'Contract rate for Illegal dumping' }).fill('750');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('button', { name: /^Start date/ })).toHaveAccessibleDescription('Choose the start date');
  expect(await seriousViolations(page)).toEqual([]);

  // The calendar opens on this month: from its 1st to its 28th.
  await form.getByRole('button', { name: /^Start date/ }).click();
  await page.getByRole('button', { name: /^1 [A-Z][a-z]+ \d{4}$/ }).click();
  // The start's calendar closes before the end's opens: one month on screen at a time.
  await expect(page.getByRole('button', { name: /^28 [A-Z][a-z]+ \d{4}$/ })).toHaveCount(0);
  await form.getByRole('button', { name: /^End date/ }).click();
  await page.getByRole('button', { name: /^28 [A-Z][a-z]+ \d{4}$/ }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('MPSK/KON/2027/009 created')).toBeVisible();
  await expect(form).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: 'MPSK/KON/2027/009' });
  await expect(row).toContainText('RM 120,000.00');
  await expect(row).toContainText('Sinar Lestari Enviro Sdn Bhd');
  await page.getByRole('button', { name: 'Edit MPSK/KON/2027/009' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Contract' });
  await expect(edit.getByRole('textbox', { name: 'Contract rate for Illegal dumping' })).toHaveValue('750.00');
  await expect(edit.getByRole('textbox', { name: 'Contract rate for Drain not cleared' })).toHaveValue('200.00');
});

test('a formula a contract uses is not deleted: the dialog offers to deactivate it', async ({ page }) => {
  await signIn(page, 'admin', { path: '/manage-contract/master-config' });
  await page.getByRole('button', { name: 'Delete Repeat offender escalation' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete Formula' });
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(remove.getByText('1 contract uses this formula; deactivate it instead.')).toBeVisible();
  await remove.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Repeat offender escalation deactivated')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Repeat offender escalation' })).toContainText('Inactive');
});

test('a submitted complaint past its time to justify is marked overdue and offers the contractor no Justify, in the list or its detail', async ({
  page,
}) => {
  await signIn(page, 'contractor', { path: '/manage-complaint/verify-complaint?sort=dateOfMisconduct' });
  const oldest = page.getByRole('row').nth(1);
  await expect(oldest).toContainText('Overdue');
  await expect(oldest.getByRole('button', { name: /^Justify CMP-/ })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await oldest.getByRole('button', { name: /^View detail of CMP-/ }).click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByRole('textbox', { name: 'Justify by' })).toHaveAccessibleDescription(
    'The time to justify has passed; the verifier decides alone.',
  );
  await expect(detail.getByRole('link', { name: 'Justify this complaint' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
