import { expect, mainMenu, seriousViolations, signIn, test } from './support';

/*
 * Issue 13's component gallery: the template routes of SPEC §2 show the product's own parts,
 * for administrators, under the sidebar's Design System group; axe clean on every one.
 */

const ROUTES = [
  ['/theme', 'Theme'],
  ['/base', 'Base'],
  ['/buttons', 'Buttons'],
  ['/forms', 'Forms'],
  ['/icons', 'Icons'],
  ['/notifications', 'Notifications'],
  ['/plugins', 'Plugins'],
  ['/smart-table', 'Smart Table'],
  ['/widgets', 'Widgets'],
] as const;

test('an administrator opens every gallery page from the Design System group; each is axe clean', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  await mainMenu(page).getByRole('button', { name: 'Design System' }).click();
  for (const [path, title] of ROUTES) {
    await mainMenu(page).getByRole('link', { name: title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // Each page's own content is in, not a placeholder.
    await expect(
      page.getByText('sample', { exact: false }).or(page.locator('main section, main .mantine-Paper-root')).first(),
    ).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

test('the gallery is for administrators: an officer has no Design System group and gets 403', async ({ page }) => {
  await signIn(page, 'officer');
  await expect(mainMenu(page).getByRole('button', { name: 'Manage Complaint' })).toBeVisible();
  await expect(mainMenu(page).getByRole('button', { name: 'Design System' })).toHaveCount(0);
  await page.goto('/theme');
  await expect(page.getByText('403', { exact: true })).toBeVisible();
});
