import { expect, historyPath, mainMenu, seriousViolations, signIn, signOut, test } from './support';

// Issue 32: saved views. A list's view is kept under a name, above the list and in the menu; it is the URL it is.

test('an officer saves the view of a list, opens it from above the list or the menu, and deletes it with Undo', async ({ page }) => {
  await signIn(page, 'officer', { path: `${historyPath}?status=fined` });
  await expect(page.locator('table tbody tr').first()).toContainText('Fined');
  const views = page.getByRole('group', { name: 'Views' });
  await views.getByRole('button', { name: 'Save view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this view' });
  const name = dialog.getByRole('textbox', { name: /^Name/ });
  await expect(name).toBeFocused();
  // Only who may change the matrix shares views.
  await expect(dialog.getByRole('combobox', { name: 'For' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(name).toHaveAccessibleDescription('Name the view');
  await name.fill('Fined');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(page.getByText('View Fined saved')).toBeVisible();
  const link = views.getByRole('link', { name: 'Fined' });
  await expect(link).toHaveAttribute('aria-current', 'page');
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(new RegExp(`^${historyPath}\\?.*status=fined`));
  // A complaint opened over the list is not part of its view: the view is still the one shown.
  await page.goto(`${href}&detail=1`);
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(link).toHaveAttribute('aria-current', 'page');

  // From the list as it opens, the view brings its filter back; the menu has it under its list.
  await page.goto(historyPath);
  await expect(link).not.toHaveAttribute('aria-current', 'page');
  await link.click();
  await expect(page).toHaveURL(href);
  await expect(page.locator('table tbody tr').first()).toContainText('Fined');
  await expect(mainMenu(page).getByRole('link', { name: 'Fined' })).toHaveAttribute('href', href);
  await page.goto(historyPath);
  await mainMenu(page).getByRole('link', { name: 'Fined' }).click();
  await expect(page).toHaveURL(href);

  // A name once a list.
  await views.getByRole('button', { name: 'Save view' }).click();
  await name.fill('FINED');
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(name).toHaveAccessibleDescription('A view of this list has this name already: choose another.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Deleted at once; Undo brings it back.
  await views.getByRole('button', { name: 'Delete view Fined' }).click();
  await expect(page.getByText('View Fined deleted')).toBeVisible();
  await expect(link).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(views.getByRole('link', { name: 'Fined' })).toBeVisible();
  await page.reload();
  await expect(views.getByRole('link', { name: 'Fined' })).toBeVisible();
});

test('an administrator shares a view with every officer: officers open it, and cannot delete it', async ({ page }) => {
  const claims = '/manage-complaint/claim-record';
  await signIn(page, 'admin', { path: `${claims}?status=issued` });
  const views = page.getByRole('group', { name: 'Views' });
  await views.getByRole('button', { name: 'Save view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this view' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('Issued, to be paid');
  await dialog.getByRole('combobox', { name: 'For' }).click();
  await page.getByRole('option', { name: 'Every Officer' }).click();
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(views.getByRole('link', { name: 'Issued, to be paid' })).toBeVisible();
  await signOut(page);

  await signIn(page, 'officer', { path: claims });
  const shared = views.getByRole('link', { name: 'Issued, to be paid' });
  await expect(shared).toHaveAttribute('title', 'Shared with every Officer');
  await expect(views.getByRole('button', { name: 'Delete view Issued, to be paid' })).toHaveCount(0);
  await shared.click();
  await expect(page).toHaveURL(/status=issued/);
  await expect(page.locator('table tbody tr')).toHaveCount(2);
});

test('a list shows the columns chosen, keeps its page, and a saved view brings the same columns back', async ({ page }) => {
  await signIn(page, 'officer', { path: `${historyPath}?page=2` });
  const head = page.locator('table thead');
  await expect(head).toContainText('Location');
  const columns = page.getByRole('button', { name: 'Columns', exact: true });
  await columns.click();
  const shown = page.getByRole('group', { name: 'Columns shown' });
  await shown.getByRole('checkbox', { name: 'Location' }).uncheck();
  await shown.getByRole('checkbox', { name: 'Description' }).uncheck();
  expect(await seriousViolations(page)).toEqual([]);
  // The choice is the URL's, in the table's order; the rows stay on the page they were.
  await expect(page).toHaveURL(/hide=description%2Clocation|hide=description,location/);
  await expect(page).toHaveURL(/page=2/);
  await expect(head).not.toContainText('Location');
  await expect(head).not.toContainText('Description');
  await expect(head).toContainText('Offender');
  await page.keyboard.press('Escape');
  const counted = page.getByRole('button', { name: 'Columns (2 hidden)' });
  await expect(counted).toBeFocused();

  // Saved with the view; the list as it opens shows every column; the view puts the two away again.
  const views = page.getByRole('group', { name: 'Views' });
  await views.getByRole('button', { name: 'Save view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this view' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('Short');
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(views.getByRole('link', { name: 'Short' })).toHaveAttribute('aria-current', 'page');
  await page.goto(historyPath);
  await expect(head).toContainText('Location');
  await views.getByRole('link', { name: 'Short' }).click();
  await expect(head).toContainText('Offender');
  await expect(head).not.toContainText('Location');
  await page.reload();
  await expect(head).toContainText('Offender');
  await expect(head).not.toContainText('Description');

  // Every column back in one move.
  await counted.click();
  await page.getByRole('button', { name: 'Show all columns' }).click();
  await expect(head).toContainText('Location');
  await expect(page).not.toHaveURL(/hide=/);
  await expect(page.getByRole('group', { name: 'Columns shown' }).getByRole('checkbox', { name: 'Location' })).toBeChecked();
});
