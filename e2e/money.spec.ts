import { expect, signIn, test, seriousViolations } from './support';

/* Contracts and money (issue 12): formulas first. */

test('an administrator writes a formula with a typo, sees where it is, fixes it with the preview and saves it', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin');
  await page.goto('/manage-contract/master-config');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Formula' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Repeat offender escalation' })).toContainText('if(repeatCount >= 3, 2, 1) * rate * max(qty, 1)');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'New formula' }).click();
  const form = page.getByRole('dialog', { name: 'New Formula' });
  await form.getByRole('textbox', { name: /^Name/ }).fill('Triple for habitual offenders');
  const expression = form.getByRole('textbox', { name: /^Expression/ });
  await expression.fill('if(repeatCount >= 5, 3, 1) * rate * max(qtty, 1)');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(expression).toHaveAccessibleDescription(/Unknown variable “qtty”; use qty, rate, contractValue or repeatCount\. \(character 41\)/);
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
});

test('a formula a contract uses is not deleted: the dialog offers to deactivate it', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/manage-contract/master-config');
  await page.getByRole('button', { name: 'Delete Repeat offender escalation' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete Formula' });
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(remove.getByText('1 contract uses this formula; deactivate it instead.')).toBeVisible();
  await remove.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Repeat offender escalation deactivated')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Repeat offender escalation' })).toContainText('Inactive');
});
