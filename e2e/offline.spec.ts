import { expect, seriousViolations, signIn, test } from './support';

/*
 * The network dropping in the field (issues 46 and 47): what was on the screen stays there, and
 * what could not come says so and comes when the network returns.
 */

test('a moment offline as Register is opened: the list stays, a message says so, and the dialog opens when the network returns', async ({
  page,
  context,
}) => {
  await signIn(page, 'officer', { path: '/manage-complaint/complaint' });
  const list = page.getByRole('table');
  await expect(list.getByRole('row').nth(1)).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Register complaint' }).click();
  const message = page.getByRole('alert').filter({ hasText: "Couldn't open this: you seem to be offline" });
  await expect(message).toBeVisible();
  await expect(message).toContainText('It opens by itself as soon as you are back online');
  await expect(list.getByRole('row').nth(1)).toBeVisible();
  // Said as the network's doing, never as a 500, and not as the whole screen's.
  await expect(page.getByText('500')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'You seem to be offline' })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await context.setOffline(false);
  const dialog = page.getByRole('dialog', { name: 'Register Complaint' });
  await expect(dialog).toBeVisible();
  await expect(message).toHaveCount(0);
  await expect(dialog.getByRole('textbox', { name: /Location/ })).toBeEditable();
});

test('offline, the message can be dismissed: Register then opens afresh once online, and the list was never replaced', async ({
  page,
  context,
}) => {
  await signIn(page, 'officer', { path: '/manage-complaint/complaint' });
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Register complaint' }).click();
  const message = page.getByRole('alert').filter({ hasText: "Couldn't open this" });
  await message.getByRole('button', { name: 'Dismiss' }).click();
  await expect(message).toHaveCount(0);
  await context.setOffline(false);

  await page.getByRole('button', { name: 'Register complaint' }).click();
  await expect(page.getByRole('dialog', { name: 'Register Complaint' })).toBeVisible();
});

test('a part of the screen whose code could not come (the filter bar, offline) leaves the list in place, and comes with the network', async ({
  page,
  context,
}) => {
  // The filter bar's code is fetched after the list's: cut off as it comes (the context's route
  // sees the mocks' service worker's requests too), until the screen has met the failure.
  const filterBarCode = /\/assets\/complaint-filter-bar-[\w-]+\.js$/;
  await context.route(filterBarCode, (route) => route.abort('internetdisconnected'));
  const failureMet = page.waitForEvent(
    'console',
    (message) =>
      message.text().includes('Failed to fetch dynamically imported module') && message.text().includes('/complaint-filter-bar-'),
  );
  await signIn(page, 'officer', { path: '/manage-complaint/complaint' });
  await failureMet;
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Complaint', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You seem to be offline' })).toHaveCount(0);
  const statusFilter = page.getByRole('group', { name: 'Status' });
  await expect(statusFilter).toHaveCount(0);

  await context.unroute(filterBarCode);
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(statusFilter).toBeVisible();
  await expect(statusFilter.getByRole('checkbox', { name: 'Submitted' })).toBeAttached();
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
});
