import type { Page } from '@playwright/test';
import { demoAccounts, fixtureComplaint, MARKUP_NOTIFICATION_ID, notifications } from '../fixtures';
import { expect, failApi, restoreApi, signIn, test } from './support';

const officerNotifications = notifications
  .filter((n) => n.recipientId === demoAccounts.officer.id)
  .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
const unreadCount = officerNotifications.filter((n) => !n.isRead).length;

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications, / });
const list = (page: Page) => page.getByTestId('notification-list');

test('the bell shows the unread count in a red badge and lists everything in 400 px', async ({ page }) => {
  await signIn(page, 'officer');
  await expect(bell(page)).toHaveAccessibleName(`Notifications, ${unreadCount} unread`);
  const badge = page.getByTestId('notification-count').locator('.mantine-Indicator-indicator');
  await expect(badge).toHaveText(String(unreadCount));
  // red.9: the theme darkens filled red so that white text on it reads at 5.6:1 (src/app/theme.ts).
  await expect(badge).toHaveCSS('background-color', 'rgb(201, 42, 42)');

  await bell(page).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  const rows = list(page).getByRole('listitem');
  await expect(rows).toHaveCount(officerNotifications.length);
  expect((await list(page).boundingBox())?.height).toBe(400);
  await expect(page.getByText(`${officerNotifications.length} in all, ${unreadCount} unread`)).toBeVisible();

  // Unread in bold, read in normal weight, newest first.
  const first = officerNotifications[0]!;
  await expect(rows.first()).toContainText(first.title);
  const read = officerNotifications.find((n) => n.isRead)!;
  const unread = officerNotifications.find((n) => !n.isRead)!;
  await expect(
    rows
      .filter({ hasText: unread.description.split('\n')[0]! })
      .first()
      .getByText(unread.title, { exact: true }),
  ).toHaveCSS('font-weight', '700');
  await expect(
    rows
      .filter({ hasText: read.description.split('\n')[0]! })
      .first()
      .getByText(read.title, { exact: true }),
  ).toHaveCSS('font-weight', '400');
});

test('text is shown as text with its line breaks, never as markup', async ({ page }) => {
  await signIn(page, 'officer');
  await bell(page).click();
  const markup = notifications.find((n) => n.id === MARKUP_NOTIFICATION_ID)!;
  const row = list(page).getByRole('listitem').filter({ hasText: markup.title });
  await expect(row).toContainText('<b>not bold</b>');
  await expect(row.locator('b')).toHaveCount(0);
  await row.getByRole('button', { name: new RegExp(`^${markup.title}`) }).click();
  const dialog = page.getByRole('dialog', { name: markup.title });
  await expect(dialog).toContainText('<i>not italic</i>');
  const box = dialog.getByText(/Forwarded from an e-mail/);
  expect(await box.evaluate((el) => (el as HTMLElement).innerText)).toContain('\n');
});

test('opening one marks it read and refreshes the list; one about a complaint opens its detail', async ({ page }) => {
  await signIn(page, 'officer');
  const target = officerNotifications.find((n) => !n.isRead && n.complaintId)!;
  const complaint = fixtureComplaint(target.complaintId!);
  await bell(page).click();
  const refreshed = page.waitForResponse((r) => r.url().includes('/api/v1/notifications?') && r.request().method() === 'GET');
  await list(page).getByRole('listitem').filter({ hasText: complaint.refNo }).first().getByRole('button').first().click();
  await refreshed;
  await expect(page).toHaveURL(new RegExp(`/manage-complaint/history-complaint\\?detail=${complaint.id}$`));
  const dialog = page.getByRole('dialog', { name: 'Detail History Complaint' });
  await expect(dialog).toContainText(complaint.refNo);
  await expect(bell(page)).toHaveAccessibleName(`Notifications, ${unreadCount - 1} unread`);
});

test('deleting one removes it and refreshes the list', async ({ page }) => {
  await signIn(page, 'officer');
  await bell(page).click();
  const victim = officerNotifications[0]!;
  await expect(list(page).getByRole('listitem')).toHaveCount(officerNotifications.length);
  await page
    .getByRole('button', { name: `Delete notification: ${victim.title}` })
    .first()
    .click();
  await expect(list(page).getByRole('listitem')).toHaveCount(officerNotifications.length - 1);
  await expect(page.getByText('Notification deleted')).toBeVisible();
  // Sent when its toast (and its Undo) runs out.
  const sent = page.waitForResponse((r) => r.request().method() === 'DELETE' && /\/api\/v1\/notifications\/\d+$/.test(r.url()));
  await expect(page.getByText('Notification deleted')).toBeHidden({ timeout: 10_000 });
  expect((await sent).ok()).toBe(true);
  await page.reload();
  await bell(page).click();
  await expect(list(page).getByRole('listitem')).toHaveCount(officerNotifications.length - 1);
});

test('a deleted notification comes back with Undo, clicked over the open dropdown', async ({ page }) => {
  await signIn(page, 'officer');
  await bell(page).click();
  const victim = officerNotifications[0]!;
  await expect(list(page).getByRole('listitem')).toHaveCount(officerNotifications.length);
  let deletes = 0;
  page.on('request', (r) => r.method() === 'DELETE' && deletes++);
  await page
    .getByRole('button', { name: `Delete notification: ${victim.title}` })
    .first()
    .click();
  await expect(list(page).getByRole('listitem')).toHaveCount(officerNotifications.length - 1);
  // The toast sits above the dropdown: a click reaches its Undo.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(list(page).getByRole('listitem')).toHaveCount(officerNotifications.length);
  await page.reload();
  await bell(page).click();
  await expect(list(page).getByRole('listitem')).toHaveCount(officerNotifications.length);
  expect(deletes).toBe(0);
});

test('the list loads on mount, every 60 seconds, and on each click of the bell', async ({ page }) => {
  const reads: string[] = [];
  const answered: string[] = [];
  const isListRead = (r: { method(): string; url(): string }) => r.method() === 'GET' && /\/api\/v1\/notifications\?/.test(r.url());
  page.on('request', (r) => isListRead(r) && reads.push(r.url()));
  page.on('requestfinished', (r) => isListRead(r) && answered.push(r.url()));
  // When each answer reached the page, on the page's own clock.
  await page.addInitScript(() => {
    const w = window as unknown as { __listAnsweredAt: number[] };
    w.__listAnsweredAt = [];
    const fetchBefore = window.fetch.bind(window);
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      const response = await fetchBefore(...args);
      if (/\/api\/v1\/notifications\?/.test(String(args[0] instanceof Request ? args[0].url : args[0])))
        w.__listAnsweredAt.push(Date.now());
      return response;
    };
  });
  await page.clock.install();
  await signIn(page, 'verifier');
  await expect.poll(() => answered.length).toBe(1);
  const query = new URL(reads[0]!).searchParams;
  expect([query.get('limit'), query.get('isRead')]).toEqual(['1000', '2']);

  // The minute counts from the answer. The clock stops here, and moves only as the test says,
  // however long a busy machine took to get here: nothing within 58 s of the answer, a read by 62 s.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  const sinceAnswer = await page.evaluate(() => Date.now() - (window as unknown as { __listAnsweredAt: number[] }).__listAnsweredAt[0]!);
  expect(sinceAnswer).toBeLessThan(58_000);
  await page.clock.runFor(58_000 - sinceAnswer);
  await page.waitForTimeout(300);
  expect(reads).toHaveLength(1);
  await page.clock.runFor(4_000);
  await expect.poll(() => reads.length).toBe(2);
  // The mock API answers after a short delay of its own, on the same stopped clock.
  const answer = (count: number) =>
    expect
      .poll(async () => {
        await page.clock.runFor(50);
        return answered.length;
      })
      .toBe(count);
  await answer(2);
  await page.clock.runFor(62_000);
  await expect.poll(() => reads.length).toBe(3);
  await answer(3);
  await page.clock.resume();

  await bell(page).click();
  await expect.poll(() => reads.length).toBe(4);
  await bell(page).click();
  await expect.poll(() => reads.length).toBe(5);
});

test('a failed list shows an error with Retry inside the dropdown', async ({ page }) => {
  await page.goto('/');
  await failApi(page, '/api/v1/notifications', 503);
  await signIn(page, 'officer');
  await bell(page).click();
  await expect(page.getByRole('alert')).toContainText('Could not load this', { timeout: 15_000 });
  await restoreApi(page);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(list(page).getByRole('listitem')).toHaveCount(officerNotifications.length);
});
