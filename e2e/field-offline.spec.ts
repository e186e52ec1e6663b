import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import pg from 'pg';
import { cameraPhoto } from '../fixtures/camera-photo';
import { apiPaths } from '../contract/paths';
import {
  againstServer,
  choose,
  expect,
  historyPath,
  klYesterday,
  mainMenu,
  pickDateTime,
  seriousViolations,
  signIn,
  signOut,
  storedRoot,
  test,
} from './support';

/**
 * Issue 47's journey, against the real server with Chromium's service worker: the installed app
 * opens with no network, complaints registered offline wait on the phone with their photos, and
 * arrive once each, photos byte for byte, when the network returns. Mock mode keeps MSW's worker
 * (the app's own is the real build's only), so these run against a server.
 */
/** The installed app's service worker is the real build's; mock mode keeps MSW's worker. */
const needsAppWorker = () =>
  test.skip(!againstServer, "the installed app's service worker is the real build's; mock mode keeps MSW's worker");

const SCREENS = process.env.E2E_SCREENS;

/** A phone's JPEG, its EXIF (capture time, place) as the camera wrote it, distinct by `shade`. */
async function photo(name: string, shade: number) {
  return {
    name,
    mimeType: 'image/jpeg',
    buffer: await cameraPhoto({
      width: 320,
      height: 240,
      background: { r: shade, g: 90, b: 60 },
      mean: 110,
      sigma: 25,
      exif: {
        IFD0: { Make: 'samsung', Model: 'SM-A546E' },
        IFD2: { DateTimeOriginal: '2026:11:28 08:40:00', OffsetTimeOriginal: '+08:00' },
      },
    }),
  };
}

/** Waits until the app's service worker controls the page (installed, activated, claimed). */
async function installed(page: Page) {
  // Installed once its precache is whole; it then claims the page.
  await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js') === true, null, { timeout: 30_000 });
}

/** Opens Register Complaint and waits for its choices (online: kept on the phone for later). */
async function openRegister(page: Page) {
  await page.getByRole('button', { name: 'Register complaint' }).click();
  const form = page.getByRole('dialog', { name: 'Register Complaint' });
  await expect(form.getByRole('combobox', { name: /^Type of Offence/ })).toBeEnabled();
  return form;
}

/** Fills the form as an officer at the site does: misconduct yesterday at 08:30 AM, at `location`, with `photos`. */
async function fill(page: Page, form: Locator, location: string, photos: Awaited<ReturnType<typeof photo>>[]) {
  await choose(page, form, /^Type of Offence/, 'Illegal dumping');
  await pickDateTime(page, form, /^Date of Misconduct/, { date: klYesterday(), time: '08:30', amPm: 'AM' });
  await form.getByRole('textbox', { name: /^Description/ }).fill('Construction debris dumped beside the monsoon drain.');
  await choose(page, form, /^Contractor/, 'Alam Bersih Sdn Bhd');
  await form.getByRole('textbox', { name: /^Offender/ }).fill('Lorry WXY 1234');
  await form.getByRole('textbox', { name: /^Location/ }).fill(location);
  await form.getByRole('textbox', { name: /^Quantity/ }).fill('1');
  if (photos.length > 0) await page.getByTestId('image-attachments-input').setInputFiles(photos);
}

/** The API as the signed-in officer: the complaints at `location`, each with its photos' bytes. */
async function registeredAt(page: Page, location: string) {
  const token = ((await storedRoot(page)) as { state: { auth: { token: string } } }).state.auth.token;
  const headers = { authorization: `Bearer ${token}` };
  const list = await page.request.get(`/${apiPaths.complaints}`, { params: { history: 'true', q: location, limit: 50 }, headers });
  expect(list.status()).toBe(200);
  const items = ((await list.json()) as { data: { items: { id: number; location: string }[] } }).data.items.filter(
    (c) => c.location === location,
  );
  return Promise.all(
    items.map(async (item) => {
      const detail = (await (await page.request.get(`/${apiPaths.complaint(item.id)}`, { headers })).json()) as {
        data: { refNo: string; madeOffline: { at: string; device: string } | null; complaintAttachments: { file: string }[] };
      };
      const photos = await Promise.all(
        detail.data.complaintAttachments.map(async (a) => (await page.request.get(a.file, { headers })).body()),
      );
      return { ...detail.data, photos };
    }),
  );
}

const badge = (page: Page) => page.getByTestId('outbox-badge');

test('registered with no network, a complaint waits in the queue, can be discarded, and goes when the network returns', async ({
  page,
  context,
}) => {
  // Online first: nothing waits (and, with no service worker in mock mode, the list's code is in).
  await signIn(page, 'officer', { path: '/outbox' });
  await expect(page.getByText('Nothing waiting to send')).toBeVisible();
  await expect(badge(page)).toBeHidden();
  await mainMenu(page).getByRole('button', { name: 'Manage Complaint' }).click();
  await mainMenu(page).getByRole('link', { name: 'Complaint', exact: true }).click();
  await (await openRegister(page)).getByRole('button', { name: 'Cancel' }).click();
  await context.setOffline(true);
  for (const location of ['Lorong Queue 1, Ampang', 'Lorong Queue 2, Ampang']) {
    const form = await openRegister(page);
    await fill(page, form, location, [await photo(`${location.slice(-9, -8)}.jpg`, 70)]);
    await expect(form.getByText('Waits for signal')).toBeVisible();
    await form.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(form).toBeHidden();
  }
  await expect(badge(page)).toHaveAccessibleName('2 complaints waiting to send');
  await badge(page).click();
  const cards = page.getByTestId('queued-complaint');
  await expect(cards).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);
  // Discarding asks first; the other stays.
  await cards.nth(1).getByRole('button', { name: 'Discard' }).click();
  const ask = page.getByRole('dialog', { name: 'Discard this complaint?' });
  await expect(ask).toContainText('it and its photo leave this device for good');
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(cards).toHaveCount(1);
  await expect(badge(page)).toHaveAccessibleName('1 complaint waiting to send');

  await context.setOffline(false);
  await expect(cards.first()).toHaveAttribute('data-state', 'sent', { timeout: 30_000 });
  const refNo = /CMP-\d{4}-\d{6}/.exec((await cards.first().textContent())!)![0];
  await expect(badge(page)).toBeHidden();
  // In History once, the discarded one never.
  await page.goto(`${historyPath}?q=${encodeURIComponent('Lorong Queue')}`);
  await expect(page.getByRole('row', { name: new RegExp(refNo) })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'Lorong Queue 2' })).toHaveCount(0);
});

test('offline, two complaints with photos wait on the phone, survive a reload, and arrive once each with the photos byte for byte', async ({
  page,
  context,
}) => {
  needsAppWorker();
  test.setTimeout(120_000);
  await signIn(page, 'officer', { path: '/manage-complaint/complaint' });
  await installed(page);
  // Online once: the form's choices are kept for the field.
  await (await openRegister(page)).getByRole('button', { name: 'Cancel' }).click();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Complaint', exact: true })).toBeVisible();
  const first = [await photo('drain-1.jpg', 40), await photo('drain-2.jpg', 160)];
  const second = [await photo('lorry.jpg', 220)];

  let form = await openRegister(page);
  await expect(form.getByTestId('copy-age')).toContainText('The choices are the ones kept from your last visit');
  await fill(page, form, 'Lorong Field 1, Sentul', first);
  await expect(form.getByText('Waits for signal')).toHaveCount(2);
  if (SCREENS) await page.screenshot({ path: path.join(SCREENS, 'field-register-offline.png') });
  await form.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('Saved on this device: it is sent by itself when the network returns.')).toBeVisible();
  await expect(form).toBeHidden();

  form = await openRegister(page);
  await fill(page, form, 'Lorong Field 2, Sentul', second);
  await form.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(form).toBeHidden();
  await expect(badge(page)).toHaveAccessibleName('2 complaints waiting to send');

  // Still queued after a reload with no network: the phone keeps them.
  await page.reload();
  await expect(badge(page)).toHaveAccessibleName('2 complaints waiting to send');
  await badge(page).click();
  await expect(page.getByRole('heading', { name: 'Waiting to send' })).toBeVisible();
  const cards = page.getByTestId('queued-complaint');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('Lorong Field 1, Sentul');
  await expect(cards.first()).toHaveAttribute('data-state', 'waiting');
  await expect(cards.first().getByRole('img', { name: /^Photo \d/ })).toHaveCount(2);
  if (SCREENS) await page.screenshot({ path: path.join(SCREENS, 'field-outbox-offline.png'), fullPage: true });

  // The network returns: both go by themselves, oldest first.
  await context.setOffline(false);
  await expect(cards.nth(0)).toHaveAttribute('data-state', 'sent', { timeout: 30_000 });
  await expect(cards.nth(1)).toHaveAttribute('data-state', 'sent', { timeout: 30_000 });
  await expect(badge(page)).toBeHidden();
  await expect(cards.first()).toContainText(/Registered as CMP-\d{4}-\d{6}/);

  const one = await registeredAt(page, 'Lorong Field 1, Sentul');
  const two = await registeredAt(page, 'Lorong Field 2, Sentul');
  expect(one).toHaveLength(1);
  expect(two).toHaveLength(1);
  expect(one[0]!.photos.map((b) => b.equals(first.find((p) => p.buffer.equals(b))?.buffer ?? Buffer.alloc(0)))).toEqual([true, true]);
  expect(Buffer.compare(one[0]!.photos[0]!, first[0]!.buffer)).toBe(0);
  expect(Buffer.compare(one[0]!.photos[1]!, first[1]!.buffer)).toBe(0);
  expect(Buffer.compare(two[0]!.photos[0]!, second[0]!.buffer)).toBe(0);
  // Made offline, said so: when Register was pressed, on what.
  expect(one[0]!.madeOffline?.device).toBe('Chrome on Linux');
  expect(Date.parse(one[0]!.madeOffline!.at)).toBeLessThan(Date.parse(two[0]!.madeOffline!.at));
});

test('a send whose answer is lost is sent again and registers once', async ({ page }) => {
  // page.route sees the page's API calls only where no service worker answers them (MSW does).
  needsAppWorker();
  test.setTimeout(90_000);
  await signIn(page, 'officer', { path: '/manage-complaint/complaint' });
  // The first registration reaches the server, and its answer never comes back.
  let cut = 0;
  await page.route(`**/${apiPaths.complaints}`, async (route) => {
    if (route.request().method() !== 'POST' || cut > 0) return route.continue();
    cut += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });
  const form = await openRegister(page);
  await fill(page, form, 'Lorong Lost Answer, Kepong', [await photo('lost.jpg', 90)]);
  await expect(form.getByRole('progressbar')).toHaveCount(0);
  await form.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('Saved on this device: it is sent by itself when the network returns.')).toBeVisible();
  // Sent again at once (the browser is online), under the same key: the first answer, once.
  await page.goto('/outbox');
  const card = page.getByTestId('queued-complaint');
  await expect(card).toHaveAttribute('data-state', 'sent', { timeout: 30_000 });
  expect(cut).toBe(1);
  const registered = await registeredAt(page, 'Lorong Lost Answer, Kepong');
  expect(registered).toHaveLength(1);
  await expect(card).toContainText(`Registered as ${registered[0]!.refNo}`);
  // Sent online first: not "made offline".
  expect(registered[0]!.madeOffline).toBeNull();
});

/** The server's own database, through its data folder (npm run test:all passes it as E2E_DATA_DIR). */
const DATA_DIR = process.env.E2E_DATA_DIR;

async function database<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const password = (await readFile(path.join(DATA_DIR!, 'pg-password'), 'utf8')).trim();
  const port = (await readFile(path.join(DATA_DIR!, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[3]!.trim();
  const client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/complaint_desk`,
  });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

test('a queued complaint the server refuses stays with its words, is changed and goes; signing out with one queued asks', async ({
  page,
  context,
}) => {
  needsAppWorker();
  test.skip(!DATA_DIR, "needs the server's data folder (E2E_DATA_DIR) to switch a type of offence off meanwhile");
  test.setTimeout(120_000);
  await signIn(page, 'officer', { path: '/manage-complaint/complaint' });
  await installed(page);
  await (await openRegister(page)).getByRole('button', { name: 'Cancel' }).click();
  await context.setOffline(true);
  const form = await openRegister(page);
  await fill(page, form, 'Lorong Refused, Cheras', [await photo('refused.jpg', 130)]);
  await form.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(form).toBeHidden();

  // Meanwhile the authority switches the type of offence off.
  await database((client) => client.query("update type_of_offences set is_active = false where name = 'Illegal dumping'"));
  await context.setOffline(false);
  await badge(page).click();
  const card = page.getByTestId('queued-complaint');
  await expect(card).toHaveAttribute('data-state', 'refused', { timeout: 30_000 });
  await expect(card.getByRole('alert')).toContainText('Refused by the server');
  await expect(badge(page)).toHaveAccessibleName('1 complaint waiting to send');
  if (SCREENS) await page.screenshot({ path: path.join(SCREENS, 'field-outbox-refused.png'), fullPage: true });

  // Signing out with it queued asks first; staying keeps everything.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const ask = page.getByRole('dialog', { name: 'Complaints are waiting to send' });
  await expect(ask).toContainText('1 complaint made on this device has not been sent yet');
  await ask.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(card).toBeVisible();

  // Changed to another type, it goes.
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Change a complaint waiting to send' });
  await choose(page, edit, /^Type of Offence/, 'Overflowing bin');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(card).toHaveAttribute('data-state', 'sent', { timeout: 30_000 });
  expect(await registeredAt(page, 'Lorong Refused, Cheras')).toHaveLength(1);
  await signOut(page);
});

test('a new release waits while a form is open, says so, and takes over at the next navigation', async ({ page, context }) => {
  needsAppWorker();
  // The release this page installs; the server's own sw.js, fetched at the update check, is
  // then a different one: a new release deployed meanwhile.
  let first = true;
  await context.route('**/sw.js', async (route) => {
    if (!first) return route.continue();
    first = false;
    const response = await route.fetch();
    await route.fulfill({
      response,
      body: `${await response.text()}\n// the release before\n`,
      headers: { ...response.headers(), 'content-encoding': '' },
    });
  });
  await signIn(page, 'officer', { path: '/manage-complaint/complaint' });
  await installed(page);
  const form = await openRegister(page);
  await form.getByRole('textbox', { name: /^Description/ }).fill('Typed before the new release came.');
  await page.evaluate(() => {
    (window as { sameDocument?: boolean }).sameDocument = true;
    void navigator.serviceWorker.getRegistration().then((registration) => registration?.update());
  });
  // Said, not done: the form stays as typed, in the same page.
  await expect(page.getByText('A new version is ready')).toBeVisible({ timeout: 15_000 });
  await expect(form.getByRole('textbox', { name: /^Description/ })).toHaveValue('Typed before the new release came.');
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  // The form closed (its draft kept), the next screen comes with the new release.
  await form.getByRole('button', { name: 'Cancel' }).click();
  await mainMenu(page).getByRole('link', { name: 'History Complaint' }).click();
  await expect(page).toHaveURL(new RegExp(`${historyPath}$`));
  // A new document (the reload), with the new release in charge.
  const sameDocument = () => page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument ?? false).catch(() => 'reloading');
  await expect.poll(sameDocument, { timeout: 15_000 }).toBe(false);
  await expect(page.getByRole('heading', { name: 'History Complaint' })).toBeVisible();
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
});
