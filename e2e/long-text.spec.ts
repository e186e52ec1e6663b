import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { choose, expect, inviteUser, klYesterday, pickDateTime, signIn, signOut, test } from './support';

/*
 * Issue 46: nothing a person types can break the layout. The longest words the forms take
 * (no space in 200 to 2,000 characters, and a pasted link) are typed through the forms that put
 * them in front of everyone; then every list and detail that shows them is walked at 1366 × 768
 * and on a 390 × 844 phone: the page is never wider than the screen, and the header's language
 * switch, bell and account menu stay on it. A phone's browser (isMobile) zooms a page wider than
 * its screen out, as the phone did, so a wide page also pushes the header's controls off.
 */
test.use({ isMobile: true, viewport: { width: 1366, height: 768 } });

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const SCREENS = process.env.E2E_SCREENS;

/** `length` characters of `word` repeated, without a space. */
const unbroken = (word: string, length: number) => word.repeat(Math.ceil(length / word.length)).slice(0, length);

const LONG = {
  organization: unbroken('AlamBersihSdnBhd', 200),
  address: unbroken('LotDuaPuluhJalanIndustri', 500),
  contractTitle: unbroken('KontrakKutipanSisaPepejal', 200),
  formula: unbroken('RepeatOffenderEscalation', 120),
  formulaDescription: unbroken('DoubledFromTheThirdRepeat', 500),
  offence: unbroken('IllegalDumpingOfWaste', 120),
  offenceDescription: unbroken('WasteLeftOutsideTheBins', 1000),
  zone: unbroken('ZonBukitTinggi', 120),
  zoneDescription: unbroken('TheHillsBehindTheCity', 500),
  fullName: unbroken('NurulAinBintiAbdullah', 120),
  offender: unbroken('LorryWXY1234', 200),
  location: `https://maps.example.com/place/${unbroken('LorongBelakangJalanIpoh', 169)}`,
  description: unbroken('ConstructionDebrisLeftAtTheBackLane', 2000),
  justification: unbroken('TheBinsWereEmptiedAtSevenAm', 2000),
  remark: unbroken('ThePhotosShowTheWasteStillThere', 1000),
  view: unbroken('FinedThisMonthInZoneEast', 60),
};

/**
 * The page as wide as the screen at most, the header's controls on it, and on a desktop no list
 * scrolled sideways (a column hidden under the pinned Action column); a screenshot when
 * E2E_SCREENS names a folder.
 */
async function fitsTheScreen(page: Page, where: string) {
  const { width } = page.viewportSize()!;
  // Laid out before it is measured.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  if (SCREENS) await page.screenshot({ path: path.join(SCREENS, `long-text-${where}-${width}.png`) });
  const measured = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    lists: Array.from(
      document.querySelectorAll('.mantine-datatable .mantine-ScrollArea-viewport'),
      (list) => list.scrollWidth - list.clientWidth,
    ),
  }));
  expect.soft(measured.page, `${where} at ${width} px: the page is ${measured.page} px wide`).toBeLessThanOrEqual(width);
  if (width > PHONE.width)
    expect
      .soft(Math.max(0, ...measured.lists), `${where} at ${width} px: how far a list runs under its pinned Action column`)
      .toBeLessThanOrEqual(1);
  for (const control of [
    page.getByRole('button', { name: 'Language' }),
    page.getByRole('button', { name: /^Notifications, / }),
    page.getByRole('button', { name: 'Account menu' }),
  ])
    await expectInView(control, width, `${where} at ${width} px`);
}

/** `locator` lies within the screen's width, left to right. */
async function expectInView(locator: Locator, width: number, where: string) {
  const box = await locator.boundingBox();
  expect.soft(box && box.x >= 0 && box.x + box.width <= width, `${where}: ${locator} is on the screen (${JSON.stringify(box)})`).toBe(true);
}

/** Opens `url` and waits for its heading and for its list, if any, to have loaded. */
async function open(page: Page, url: string, heading: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('.mantine-LoadingOverlay-root, .mantine-datatable-loader-fetching')).toHaveCount(0);
}

/** Saves the catalogue record named `name` after `change` fills its edit form. */
async function edit(page: Page, name: string, title: string, change: (form: Locator) => Promise<void>, saved: string) {
  await page.getByLabel('Filter:').fill(name);
  // The list filtered first: a click on a row being replaced opens nothing.
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(1);
  await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  const form = page.getByRole('dialog', { name: title });
  await change(form);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${saved} saved`)).toBeVisible();
  await expect(form).toBeHidden();
}

test('the longest words and a pasted link never make a page wider than the screen, on a desktop or a phone', async ({ page }) => {
  test.setTimeout(240_000);

  // 1. An administrator puts the longest names into the catalogues everyone's lists show.
  await signIn(page, 'admin', { path: '/manage-user/user-profile' });
  await edit(
    page,
    'Alam Bersih Sdn Bhd',
    'Edit Organisation',
    async (form) => {
      await form.getByRole('textbox', { name: /^Name/ }).fill(LONG.organization);
      await form.getByRole('textbox', { name: /^Address/ }).fill(LONG.address);
    },
    LONG.organization,
  );
  await open(page, '/manage-contract/contract', 'Contract');
  await edit(
    page,
    'MPSK/KON/2026/001',
    'Edit Contract',
    (form) => form.getByRole('textbox', { name: /^Title/ }).fill(LONG.contractTitle),
    'MPSK/KON/2026/001',
  );
  await open(page, '/manage-contract/master-config', 'Manage Formula');
  await edit(
    page,
    'Repeat offender escalation',
    'Edit Formula',
    async (form) => {
      await form.getByRole('textbox', { name: /^Name/ }).fill(LONG.formula);
      await form.getByRole('textbox', { name: /^Description/ }).fill(LONG.formulaDescription);
    },
    LONG.formula,
  );
  await open(page, '/manage-complaint/type-of-offence', 'Type of Offence');
  await edit(
    page,
    'Illegal dumping',
    'Edit Type of Offence',
    async (form) => {
      await form.getByRole('textbox', { name: /^Name/ }).fill(LONG.offence);
      await form.getByRole('textbox', { name: /^Description/ }).fill(LONG.offenceDescription);
    },
    LONG.offence,
  );
  await open(page, '/manage-user/zone', 'Zone');
  await page.getByRole('button', { name: 'New zone' }).click();
  const zone = page.getByRole('dialog', { name: 'New Zone' });
  await zone.getByRole('textbox', { name: /^Code/ }).fill('ZBT');
  await zone.getByRole('textbox', { name: /^Name/ }).fill(LONG.zone);
  await zone.getByRole('textbox', { name: /^Description/ }).fill(LONG.zoneDescription);
  await zone.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${LONG.zone} created`)).toBeVisible();
  await open(page, '/manage-user/user', 'Users');
  const invite = await inviteUser(page, { email: 'nurul.ain@example.com', fullName: LONG.fullName, userType: 'Officer' });
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent to nurul.ain@example.com')).toBeVisible();

  // 2. It registers a complaint against the renamed contractor: a long offender, a pasted link, the longest description.
  await open(page, '/manage-complaint/complaint', 'Complaint');
  await page.getByRole('button', { name: 'Register complaint' }).click();
  const register = page.getByRole('dialog', { name: 'Register Complaint' });
  await choose(page, register, /^Type of Offence/, LONG.offence);
  await pickDateTime(page, register, /^Date of Misconduct/, { date: klYesterday(), time: '08:00', amPm: 'AM' });
  await register.getByRole('textbox', { name: /^Description/ }).fill(LONG.description);
  await choose(page, register, /^Contractor/, LONG.organization);
  await register.getByRole('textbox', { name: /^Offender/ }).fill(LONG.offender);
  await register.getByRole('textbox', { name: /^Location/ }).fill(LONG.location);
  await register.getByRole('textbox', { name: /^Quantity/ }).fill('2');
  await register.getByRole('button', { name: 'Register', exact: true }).click();
  const registered = page.getByText(/^Complaint CMP-\d{4}-\d{6} registered$/);
  await expect(registered).toBeVisible();
  const refNo = /CMP-\d{4}-\d{6}/.exec((await registered.textContent())!)![0];
  await signOut(page);

  // 3. On a phone, the contractor justifies it at length.
  await page.setViewportSize(PHONE);
  await signIn(page, 'contractor', { path: '/manage-complaint/verify-complaint' });
  await fitsTheScreen(page, 'justify-complaint-contractor');
  await page.getByRole('button', { name: `Justify ${refNo}` }).click();
  const justify = page.getByRole('dialog', { name: `Justify Complaint ${refNo}` });
  await justify.getByRole('textbox', { name: /^Justification/ }).fill(LONG.justification);
  await fitsTheScreen(page, 'justify-dialog');
  await expectInView(justify.getByRole('button', { name: 'Submit justification' }), PHONE.width, 'Justify');
  await justify.getByRole('button', { name: 'Submit justification' }).click();
  await expect(page.getByText(`Justification for ${refNo} sent`)).toBeVisible();
  await page.getByRole('button', { name: /^Notifications, / }).click();
  await expect(page.getByTestId('notification-list')).toBeVisible();
  await fitsTheScreen(page, 'bell-contractor');
  await page.keyboard.press('Escape');
  await signOut(page);

  // 4. A verifier fines it with the longest remark, asked about the contractor by its long name.
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'verifier', { path: '/manage-complaint/verify-complaint' });
  await fitsTheScreen(page, 'justify-complaint-verifier');
  await page.getByRole('button', { name: `Verify ${refNo}` }).click();
  const verify = page.getByRole('dialog', { name: `Verify Complaint ${refNo}` });
  await verify.getByRole('textbox', { name: 'Remark' }).fill(LONG.remark);
  await fitsTheScreen(page, 'verify-dialog');
  await verify.getByRole('button', { name: 'Fine', exact: true }).click();
  await fitsTheScreen(page, 'fine-confirm');
  await verify.getByRole('button', { name: 'Yes, fine' }).click();
  await expect(page.getByText(`Complaint ${refNo} fined`)).toBeVisible();
  await signOut(page);

  // 5. The administrator saves a view under a long name and issues the renamed contractor's draft claim.
  await signIn(page, 'admin', { path: '/manage-complaint/history-complaint' });
  await page.getByRole('group', { name: 'Views' }).getByRole('button', { name: 'Save view' }).click();
  const view = page.getByRole('dialog', { name: 'Save this view' });
  await view.getByRole('textbox', { name: /^Name/ }).fill(LONG.view);
  await view.getByRole('button', { name: 'Save view' }).click();
  await expect(page.getByText(`View ${LONG.view} saved`)).toBeVisible();
  await page.goto('/manage-complaint/claim-record?open=3');
  const claim = page.getByRole('dialog', { name: 'Claim Record', exact: true });
  await claim.getByRole('button', { name: 'Issue' }).click();
  await page.getByRole('dialog', { name: 'Issue this claim record?' }).getByRole('button', { name: 'Issue' }).click();
  await expect(claim.locator('[data-status="issued"]')).toHaveText('Issued');
  await page.keyboard.press('Escape');
  await expect(claim).toBeHidden();

  // 6. Every list and detail that shows them, on a desktop and on a phone.
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await open(page, '/dashboard', 'Dashboard');
    // Its charts (named by offence and contractor) come after the page.
    await page.waitForLoadState('networkidle');
    await fitsTheScreen(page, 'dashboard');
    await open(page, '/manage-complaint/complaint', 'Complaint');
    await fitsTheScreen(page, 'complaint');
    await open(page, '/manage-complaint/verify-complaint', 'Justify Complaint');
    await fitsTheScreen(page, 'justify-complaint');
    await open(page, '/manage-complaint/history-complaint', 'History Complaint');
    await fitsTheScreen(page, 'history-complaint');
    await page.getByRole('button', { name: `View detail of ${refNo}` }).click();
    const detail = page.getByRole('dialog', { name: 'Detail History Complaint' });
    await expect(detail.getByLabel('Offender')).toHaveValue(LONG.offender);
    await fitsTheScreen(page, 'complaint-detail');
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    await open(page, '/manage-complaint/claim-record', 'Claim Record');
    await fitsTheScreen(page, 'claim-record');
    await page.goto('/manage-complaint/claim-record?open=3');
    await expect(claim.locator('[data-status="issued"]')).toBeVisible();
    await fitsTheScreen(page, 'claim-detail');
    await page.goto('/apps/invoicing/invoice?claim=3');
    await expect(page.getByRole('article', { name: 'Invoice' })).toContainText(LONG.contractTitle);
    await fitsTheScreen(page, 'invoice');
    for (const [url, heading, where] of [
      ['/manage-complaint/type-of-offence', 'Type of Offence', 'type-of-offence'],
      ['/manage-contract/contract', 'Contract', 'contract'],
      ['/manage-contract/master-config', 'Manage Formula', 'formula'],
      ['/manage-user/user-profile', 'Manage Organization', 'organization'],
      ['/manage-user/person', 'Manage Persona', 'persona'],
      ['/manage-user/user', 'Users', 'user'],
      ['/manage-user/zone', 'Zone', 'zone'],
      ['/manage-user/activity', 'Activity', 'activity'],
    ] as const) {
      await open(page, url, heading);
      await fitsTheScreen(page, where);
    }
    await open(page, '/manage-user/user-profile?q=AlamBersih', 'Manage Organization');
    await page.getByRole('button', { name: `Edit ${LONG.organization}` }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Organisation' })).toBeVisible();
    await fitsTheScreen(page, 'organization-form');
    await page.keyboard.press('Escape');
    await open(page, '/apps/email/', 'Mailbox');
    await page.getByText('All outgoing', { exact: true }).click();
    await page.getByLabel('Filter:').fill('nurul.ain');
    await page
      .getByRole('button', { name: /^Read: / })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: 'Message' })).toContainText(LONG.fullName);
    await fitsTheScreen(page, 'mail');
    await page.keyboard.press('Escape');
    await open(page, '/manage-complaint/history-complaint', 'History Complaint');
    await page.getByRole('button', { name: /^Notifications, / }).click();
    await expect(page.getByTestId('notification-list')).toBeVisible();
    await fitsTheScreen(page, 'bell');
    await page.keyboard.press('Escape');

    // A long word typed into Register keeps its buttons on a phone's screen; Escape asks, and Discard closes it.
    await open(page, '/manage-complaint/complaint', 'Complaint');
    await page.getByRole('button', { name: 'Register complaint' }).click();
    const again = page.getByRole('dialog', { name: 'Register Complaint' });
    await again.getByRole('textbox', { name: /^Offender/ }).fill(LONG.offender);
    await again.getByRole('textbox', { name: /^Location/ }).fill(LONG.location);
    await fitsTheScreen(page, 'register-dialog');
    for (const button of ['Register', 'Cancel'])
      await expectInView(again.getByRole('button', { name: button, exact: true }), size.width, 'Register');
    await page.keyboard.press('Escape');
    const discard = page.getByRole('dialog', { name: 'Discard your changes?' });
    await expect(discard).toBeVisible();
    await fitsTheScreen(page, 'discard-dialog');
    await discard.getByRole('button', { name: 'Discard' }).click({ timeout: 5_000 });
    await expect(again).toBeHidden();
    await expect(discard).toBeHidden();
    await fitsTheScreen(page, 'complaint-after-discard');
  }
});
