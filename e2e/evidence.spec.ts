import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { extractText, getDocumentProxy } from 'unpdf';
import { cameraPhoto } from '../fixtures/camera-photo';
import { againstServer, choose, expect, historyPath, pickDateTime, seriousViolations, signIn, signOut, storedRoot, test } from './support';

/**
 * Issue 35's journey: an officer registers a complaint with a photo taken days after the
 * misconduct it states, and another with the same photo; the contractor, justifying the first,
 * sees what the verifier will; the verifier sees both findings where it decides. Both back ends
 * read the photo's own EXIF on upload.
 */

const SCREENS = process.env.E2E_SCREENS;
const run = promisify(execFile);
/** The page, with a dialog's photo evidence section scrolled into its view. */
async function screen(page: Page, name: string) {
  const region = page.getByRole('dialog').getByRole('region').first();
  if (SCREENS) {
    if ((await region.count()) > 0) await region.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENS, `evidence-${name}.png`) });
  }
}

/** A phone's JPEG taken on 20 November 2026 at 10:00 in Kuala Lumpur. */
const latePhoto = async () => ({
  name: 'late.jpg',
  mimeType: 'image/jpeg',
  buffer: await cameraPhoto({
    width: 480,
    height: 360,
    background: { r: 40, g: 110, b: 70 },
    mean: 120,
    sigma: 30,
    exif: { IFD0: { Make: 'samsung', Model: 'SM-A546E' }, IFD2: { DateTimeOriginal: '2026:11:20 10:00:00', OffsetTimeOriginal: '+08:00' } },
  }),
});

/** Registers a complaint against Alam Bersih with the photo, its misconduct at `date` 09:00 AM; answers its reference. */
async function register(page: Page, photo: Awaited<ReturnType<typeof latePhoto>>, date: string, location: string) {
  await page.getByRole('button', { name: 'Register complaint' }).click();
  const form = page.getByRole('dialog', { name: 'Register Complaint' });
  await choose(page, form, /^Type of Offence/, 'Illegal dumping');
  await pickDateTime(page, form, /^Date of Misconduct/, { date, time: '09:00', amPm: 'AM' });
  await form.getByRole('textbox', { name: /^Description/ }).fill('Garden waste dumped by the monsoon drain.');
  await choose(page, form, /^Contractor/, 'Alam Bersih Sdn Bhd');
  await form.getByRole('textbox', { name: /^Offender/ }).fill('Lorry WXY 1234');
  await form.getByRole('textbox', { name: /^Location/ }).fill(location);
  await form.getByRole('textbox', { name: /^Quantity/ }).fill('1');
  await page.getByTestId('image-attachments-input').setInputFiles(photo);
  await expect(form.getByRole('group', { name: /^Complaint attachments/ }).getByText('late.jpg')).toBeVisible();
  await expect(form.getByRole('progressbar')).toHaveCount(0);
  await form.getByRole('button', { name: 'Register', exact: true }).click();
  const registered = page.getByText(/^Complaint CMP-\d{4}-\d{6} registered$/);
  await expect(registered).toBeVisible();
  const refNo = /CMP-\d{4}-\d{6}/.exec((await registered.textContent())!)![0];
  await expect(form).toBeHidden();
  return refNo;
}

test('a photo taken days after the misconduct, and the same photo on another complaint, are shown to the contractor and the verifier', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const photo = await latePhoto();

  // 1. The officer registers the first complaint: the photo was taken three days and an hour after.
  await signIn(page, 'officer', { path: '/manage-complaint/complaint' });
  const late = await register(page, photo, '2026-11-17', 'Jalan Kuching, Kepong');
  await page.getByRole('button', { name: `View detail of ${late}` }).click();
  let detail = page.getByRole('dialog', { name: /Detail/ });
  const evidence = detail.getByRole('region', { name: 'Photo evidence' });
  await expect(evidence.getByRole('list', { name: 'Findings' })).toContainText(
    'Photo 1 was taken 3 days 1 hour after the stated misconduct (20-11-2026 10:00:00 AM).',
  );
  await expect(evidence.getByRole('list', { name: 'What each photo says' })).toContainText('samsung SM-A546E');
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // 2. The same photo on a second complaint, stated at the time it was taken: only the duplicate.
  const copy = await register(page, photo, '2026-11-20', 'Jalan Kepong, Kepong');
  await page.getByRole('button', { name: `View detail of ${copy}` }).click();
  detail = page.getByRole('dialog', { name: /Detail/ });
  const copyFindings = detail.getByRole('region', { name: 'Photo evidence' }).getByRole('list', { name: 'Findings' });
  await expect(copyFindings).toHaveText(`Photo 1 is the same image as a photo of complaint ${late}`);
  await expect(copyFindings.getByRole('link', { name: late })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await signOut(page);

  // 3. The contractor, justifying the first, sees what the verifier will.
  await signIn(page, 'contractor', { path: historyPath });
  await page.getByLabel('Filter:').fill(late);
  await page.getByRole('button', { name: `View detail of ${late}` }).click();
  await page
    .getByRole('dialog', { name: /Detail/ })
    .getByRole('link', { name: 'Justify this complaint' })
    .click();
  const justify = page.getByRole('dialog', { name: `Justify Complaint ${late}` });
  const seen = justify.getByRole('region', { name: 'Photo evidence' }).getByRole('list', { name: 'Findings' });
  await expect(seen).toContainText('3 days 1 hour after');
  await expect(seen).toContainText(`the same image as a photo of complaint ${copy}`);
  await justify.getByRole('textbox', { name: /^Justification/ }).fill('The photo was taken when our crew came back to check.');
  await justify.getByRole('button', { name: 'Submit justification' }).click();
  await expect(page.getByText(`Justification for ${late} sent`)).toBeVisible();
  await signOut(page);

  // 4. The verifier decides with both findings in view.
  await signIn(page, 'verifier', { path: historyPath });
  await page.getByLabel('Filter:').fill(late);
  await page.getByRole('button', { name: `View detail of ${late}` }).click();
  await page
    .getByRole('dialog', { name: /Detail/ })
    .getByRole('link', { name: 'Verify this complaint' })
    .click();
  const verify = page.getByRole('dialog', { name: `Verify Complaint ${late}` });
  const findings = verify.getByRole('region', { name: 'Photo evidence' }).getByRole('list', { name: 'Findings' });
  await expect(findings.getByRole('listitem')).toHaveCount(2);
  await expect(findings).toContainText('Photo 1 was taken 3 days 1 hour after the stated misconduct');
  await expect(findings).toContainText(`Photo 1 is the same image as a photo of complaint ${copy}`);
  await expect(verify.getByRole('region', { name: 'Photo evidence' })).toContainText('2 findings');
  await screen(page, 'verify');
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);

  // 5. The verifier downloads the evidence pack: one PDF with the complaint, its moves, the photo and both findings.
  const download = page.waitForEvent('download');
  await verify.getByRole('button', { name: 'Evidence pack (PDF)' }).click();
  const pack = await download;
  expect(pack.suggestedFilename()).toBe(`evidence-${late}.pdf`);
  const bytes = new Uint8Array(await readFile((await pack.path())!));
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  const words = text.replace(/\s+/g, ' ');
  expect(words).toContain(`Evidence pack: ${late}`);
  expect(words).toContain('Photo 1 was taken 3 days 1 hour after the stated misconduct');
  expect(words).toContain(`Photo 1 is the same image as a photo of complaint ${copy}.`);
  expect(words).toContain('The photo was taken when our crew came back to check.');
  expect(words).toMatch(/SHA-256 of the original: [0-9a-f]{64}/);
  expect(words).toContain('Evidence pack made by verifier@example.com');
  // Its moments as every screen writes them (issue 46), DD-MM-YYYY hh:mm:ss AM/PM: never ISO, nor 24-hour.
  expect(words).toContain('17-11-2026 09:00:00 AM');
  expect(words).toContain('Taken: 20-11-2026 10:00:00 AM');
  expect(words).toMatch(/Made \d\d-\d\d-\d{4} (0\d|1[0-2]):\d\d:\d\d [AP]M \(Asia\/Kuala_Lumpur\)/);
  expect(words).not.toMatch(/\d{4}-\d\d-\d\d[ T]\d\d:\d\d/);
});

test('an administrator reads the audit chain head and checks the chain whole', async ({ page }) => {
  await signIn(page, 'admin', { path: '/manage-user/activity' });
  const card = page.getByRole('region', { name: 'Audit chain' });
  await expect(card).toContainText(/\d+ events? on the trail/);
  await expect(card.getByLabel('Chain head (SHA-256)')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(card).toContainText('Not checked yet');
  await card.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByText(/^The chains are whole: \d+ events? checked\.$/)).toBeVisible();
  await expect(card).toContainText('Whole');
  await expect(card).toContainText(/Last checked [\d-]+ [\d:]+ [AP]M/);
  expect(await seriousViolations(page)).toEqual([]);
});

/** The server's own database, through its data folder (npm run test:all passes it as E2E_DATA_DIR). */
const DATA_DIR = process.env.E2E_DATA_DIR;

test('npm run audit:verify finds the trail whole, then names an event altered in SQL; the administrator sees the break', async ({
  page,
}) => {
  test.skip(!againstServer || !DATA_DIR, "needs the server's data folder (E2E_DATA_DIR)");
  const verify = () =>
    run(process.execPath, ['--import', 'tsx', 'server/audit-verify-command.ts'], { env: { ...process.env, DATA_DIR } }).then(
      ({ stdout }) => ({ code: 0, out: stdout }),
      (failed: { code: number; stderr: string }) => ({ code: failed.code, out: failed.stderr }),
    );
  // Something on the trail: the officer registers a complaint.
  await signIn(page, 'officer', { path: '/manage-complaint/complaint' });
  const refNo = await register(page, await latePhoto(), '2026-11-17', 'Jalan Ipoh, Sentul');
  await signOut(page);
  const whole = await verify();
  expect(whole.out).toMatch(/^Whole: \d+ audit events and \d+ status-history rows/);
  expect(whole.code).toBe(0);

  // A database administrator edits the registration's audit event behind the application's back.
  const password = (await readFile(path.join(DATA_DIR!, 'pg-password'), 'utf8')).trim();
  const port = (await readFile(path.join(DATA_DIR!, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[3]!.trim();
  const client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/complaint_desk`,
  });
  await client.connect();
  const { rows } = await client.query<{ id: number; chain_seq: string }>(
    "select id, chain_seq from audit_events where entity = 'complaint' and action = 'create' order by chain_seq desc limit 1",
  );
  await client.query("set session_replication_role = 'replica'");
  await client.query(`update audit_events set after = jsonb_set(after, '{qty}', '0') where id = ${rows[0]!.id}`);
  await client.end();

  const broken = await verify();
  expect(broken.code).toBe(1);
  expect(broken.out).toContain(`BROKEN: row ${rows[0]!.id} of audit_events (place ${rows[0]!.chain_seq}) does not match its hash`);

  await signIn(page, 'admin', { path: '/manage-user/activity' });
  const card = page.getByRole('region', { name: 'Audit chain' });
  await expect(card).toContainText('Broken');
  await expect(card.getByRole('alert')).toContainText(`row ${rows[0]!.id} of audit_events`);
  expect(refNo).toMatch(/^CMP-/);
});

test('History filters the complaints with photo findings, and the dashboard counts them with a link there', async ({ page }) => {
  await signIn(page, 'verifier', { path: historyPath });
  // Clicked by its words, as a person does (the chip's box itself is hidden).
  await page.getByTestId('complaint-filters').getByText('With photo findings').click();
  await expect(page).toHaveURL(/findings=true/);
  await expect(page.getByTestId('complaint-filters').getByRole('checkbox', { name: 'With photo findings' })).toBeChecked();
  const rows = page.locator('table tbody tr');
  await expect(rows).toHaveCount(4);
  for (const ref of ['CMP-2026-000062', 'CMP-2026-000061', 'CMP-2026-000058', 'CMP-2026-000054'])
    await expect(rows.filter({ hasText: ref })).toHaveCount(1);
  await screen(page, 'history-filter');

  await page.goto('/dashboard');
  const card = page.locator('[data-card="withFindings"]');
  await expect(card).toContainText('With photo findings');
  await expect(card).toHaveAttribute('href', /findings=true/);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the fixture photos show every finding, in Malay too', async ({ page }) => {
  await signIn(page, 'verifier', { path: `${historyPath}?detail=61` });
  const detail = page.getByRole('dialog', { name: /Detail/ });
  const findings = detail.getByRole('region', { name: 'Photo evidence' }).getByRole('list', { name: 'Findings' });
  await expect(findings.getByRole('listitem')).toHaveCount(3);
  await expect(findings).toContainText('Photo 1 is the same image as a photo of complaint CMP-2026-000058');
  await expect(findings).toContainText('Photo 2 carries no capture time');
  await expect(findings).toContainText('Photo 3 was re-saved by editing software: Adobe Photoshop 25.1 (Windows).');
  await screen(page, 'fixture-61');

  await page.goto(`${historyPath}?detail=58`);
  const far = page.getByRole('dialog', { name: /Detail/ }).getByRole('region', { name: 'Photo evidence' });
  await expect(far.getByRole('list', { name: 'Findings' })).toContainText(/Photo 1 and Photo 2 were taken 2\.0 km apart/);
  const map = far.getByRole('link', { name: /3\.15690, 101\.71230 \(open map\)/ });
  await expect(map).toHaveAttribute('href', /openstreetmap\.org\/\?mlat=3\.1569&mlon=101\.7123/);
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);

  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Bahasa Melayu' }).click();
  await expect.poll(async () => (await storedRoot(page))?.state?.auth?.user?.preferences?.language).toBe('ms');
  await page.goto(`${historyPath}?detail=58`);
  const malay = page.getByRole('dialog').getByRole('region', { name: 'Bukti foto' });
  await expect(malay.getByRole('list', { name: 'Penemuan' })).toContainText(
    'Foto 1 diambil 3 hari 20 minit selepas salah laku yang dinyatakan',
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await screen(page, 'fixture-58-ms-phone');
});
