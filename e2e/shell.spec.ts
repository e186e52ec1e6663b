import { complaints, demoAccounts, menusByUserType } from '../fixtures';
import { expect, failApi, historyPath, mainMenu, restoreApi, seriousViolations, signIn, test } from './support';

const roles = [
  ['admin', 'administrator'],
  ['officer', 'officer'],
  ['verifier', 'verifier'],
  ['contractor', 'contractor'],
] as const;

for (const [role, userType] of roles) {
  test(`the ${role}'s sidebar holds Dashboard, the heading and its privilege groups`, async ({ page }) => {
    await signIn(page, role);
    const menu = mainMenu(page);
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(menu.getByText('Menu', { exact: true })).toBeVisible();
    await expect(menu.getByRole('status', { name: 'Loading menu' })).toBeHidden();
    const groups = menusByUserType[userType];
    for (const group of groups) {
      const button = menu.getByRole('button', { name: group.name, exact: true });
      await expect(button).toBeVisible();
      await expect(button).toHaveAttribute('data-group-path', `/${group.name.toLowerCase().replace(/ /g, '-')}`);
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      for (const item of group.menuItems) {
        await expect(menu.getByRole('link', { name: item.name, exact: true })).toHaveAttribute('href', item.url);
      }
    }
    await expect(menu.getByRole('button')).toHaveCount(groups.length);
  });
}

test('the group of the current page is open; a child link navigates with its title in the breadcrumbs', async ({ page }) => {
  await signIn(page, 'officer', { path: historyPath });
  const menu = mainMenu(page);
  await expect(menu.getByRole('link', { name: 'History Complaint' })).toBeVisible();
  await menu.getByRole('link', { name: 'Claim Record' }).click();
  await expect(page).toHaveURL(/\/manage-complaint\/claim-record$/);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
  await expect(crumbs).toContainText('Home');
  await expect(crumbs).toContainText('Claim Record');
  await expect(page.getByRole('heading', { level: 1, name: 'Claim Record' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate claim' })).toBeVisible();
});

test('the spinner shows while the menu loads and hides 500 ms after it is built', async ({ page }) => {
  // Both moments are taken inside the page, so a busy test machine cannot skew them.
  await page.addInitScript(() => {
    const w = window as unknown as { __menuBuiltAt?: number; __spinnerHiddenAt?: number };
    new MutationObserver(() => {
      // By test id: its translated label may arrive after the menu is built on a busy machine.
      const menu = document.querySelector('nav[data-testid="main-menu"]');
      if (!menu) return;
      if (w.__menuBuiltAt === undefined && menu.querySelector('button')) w.__menuBuiltAt = performance.now();
      if (w.__menuBuiltAt !== undefined && w.__spinnerHiddenAt === undefined && !menu.querySelector('[role="status"]')) {
        w.__spinnerHiddenAt = performance.now();
      }
    }).observe(document, { subtree: true, childList: true });
  });
  await signIn(page, 'officer');
  const spinner = mainMenu(page).getByRole('status', { name: 'Loading menu' });
  await expect(mainMenu(page).getByRole('button', { name: 'Manage Complaint' })).toBeVisible();
  await expect(spinner).toBeHidden();
  const { built, hidden } = await page.evaluate(() => {
    const w = window as unknown as { __menuBuiltAt: number; __spinnerHiddenAt: number };
    return { built: w.__menuBuiltAt, hidden: w.__spinnerHiddenAt };
  });
  // The observer sees the built menu at the end of the task that rendered it, a few ms after
  // the app's timer may have started (500 ms became 494.5 on a loaded machine): hence 450.
  expect(hidden - built).toBeGreaterThanOrEqual(450);
  // Well short of never; a CI machine running the API suite beside it took 1.65 s once.
  expect(hidden - built).toBeLessThan(2500);
});

test('when the menu call fails the spinner stops and the menu stays empty', async ({ page }) => {
  await page.goto('/');
  await failApi(page, '/api/v1/menu/privileges', 500);
  await signIn(page, 'admin');
  const menu = mainMenu(page);
  await expect(menu.getByRole('status', { name: 'Loading menu' })).toBeHidden({ timeout: 15_000 });
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(menu.getByRole('button')).toHaveCount(0);
});

test('the sidebar toggles, folds to a rail and unfolds; the aside has its three tabs', async ({ page }) => {
  await signIn(page, 'admin');
  const sidebar = page.getByLabel('Sidebar', { exact: true });
  await expect(sidebar).toBeInViewport();
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(sidebar).not.toBeInViewport();
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(sidebar).toBeInViewport();

  await page.getByRole('button', { name: 'Fold sidebar' }).click();
  // Away from the rail, and focus out of it: it unfolds while hovered or focused.
  await page.mouse.click(900, 500);
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBeLessThan(80);
  await sidebar.hover();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBeGreaterThan(200);
  await page.getByRole('button', { name: 'Unfold sidebar' }).click();

  await page.getByRole('button', { name: 'Toggle side panel' }).click();
  const aside = page.getByLabel('Side panel');
  for (const tab of ['Timeline', 'Messages', 'Settings']) {
    await aside.getByRole('tab', { name: tab }).click();
    await expect(aside.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  }
  await expect(aside.getByRole('radiogroup').first()).toBeVisible();
});

test('the header gets a shadow once the page scrolls', async ({ page }) => {
  await signIn(page, 'officer', { path: historyPath });
  await expect(page.locator('tbody tr').nth(9)).toBeAttached();
  const header = page.locator('header');
  await expect(header).toHaveCSS('box-shadow', 'none');
  await page.evaluate(() => window.scrollTo(0, 200));
  await expect(header).not.toHaveCSS('box-shadow', 'none');
});

test('colour mode: light on load; ?theme= is cut to letters, digits and spaces', async ({ page }) => {
  await signIn(page, 'officer');
  const scheme = () => page.locator('html').getAttribute('data-mantine-color-scheme');
  expect(await scheme()).toBe('light');
  await page.goto('/dashboard?theme=dark');
  await expect.poll(scheme).toBe('dark');
  await page.goto('/dashboard');
  await expect.poll(scheme).toBe('light');
  await page.goto(`/dashboard?theme=${encodeURIComponent('dark"><img src=x onerror=alert(1)>')}`);
  await expect.poll(scheme).toBe('dark');
  expect((await page.evaluate(() => JSON.parse(localStorage.getItem('root')!))).state.dashboard.theme).toBe('dark');
  await page.goto(`/dashboard?theme=${encodeURIComponent('<b>dark</b>')}`);
  await expect.poll(scheme).toBe('light');
});

test('the language switch turns every label to Malay and is remembered', async ({ page }) => {
  await signIn(page, 'officer', { path: historyPath });
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Bahasa Melayu' }).click();
  await expect(page.getByRole('heading', { name: 'Sejarah Aduan' })).toBeVisible();
  await expect(page.getByText('Tapis:')).toBeVisible();
  await expect(page.locator('thead th[data-accessor="dateOfMisconduct"]')).toHaveText('Tarikh Salah Laku');
  await expect(page.getByRole('button', { name: 'Halaman seterusnya' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ms');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sejarah Aduan' })).toBeVisible();
  await page.goto(`${historyPath}?lng=en`);
  await expect(page.getByRole('heading', { name: 'History Complaint' })).toBeVisible();
});

test('every screen of the route table shows the shell and its title', async ({ page }) => {
  await signIn(page, 'admin');
  const screens: [string, string][] = [
    ['/manage-user/type', 'Manage Type'],
    ['/manage-user/matrix-privilage', 'Matrix Privilege'],
    ['/manage-user/user-profile', 'Manage Organization'],
    ['/manage-contract/master-config', 'Manage Formula'],
    ['/manage-complaint/verify-complaint', 'Justify Complaint'],
    ['/apps/invoicing/invoice', 'Invoice'],
  ];
  for (const [path, title] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText(title);
  }
});

test('a screen outside the role’s menu, typed as a URL, is a 403 page inside the shell with a way back', async ({ page }) => {
  await signIn(page, 'officer', { path: '/manage-user/type' });
  await expect(page.getByRole('heading', { name: 'You may not open this page' })).toBeVisible();
  await expect(page.getByText('403', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Manage Type' })).toHaveCount(0);
  await expect(mainMenu(page).getByRole('button', { name: 'Manage Complaint' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the invoice page opens and marks the Invoicing group, though its url lies under /apps', async ({ page }) => {
  await signIn(page, 'officer', { path: '/apps/invoicing/invoice' });
  const menu = mainMenu(page);
  await expect(menu.getByRole('link', { name: 'Invoice', exact: true })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Invoicing', exact: true })).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('button', { name: 'Invoicing', exact: true })).toHaveAttribute('data-active', 'true');
});

test('a toast opens below the header, never over the bell or the avatar', async ({ page }) => {
  await signIn(page, 'officer', { path: '/profile' });
  const details = page.getByRole('region', { name: 'Personal details' });
  await expect(details.getByRole('textbox', { name: 'Full name' })).not.toHaveValue('');
  await details.getByRole('button', { name: 'Save changes' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Profile saved' });
  await expect(toast).toBeVisible();
  const header = (await page.locator('header').boundingBox())!;
  const box = (await toast.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
  // The account menu opens over the toast: its items take the click.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  const onTop = await page.getByRole('menu').evaluate((menu) => {
    const r = menu.getBoundingClientRect();
    return [0.2, 0.5, 0.8].map((f) => menu.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height * f)));
  });
  expect(onTop).toEqual([true, true, true]);
});

test('the account menu shows the whole name of a long one', async ({ page }) => {
  await signIn(page, 'officer');
  await page.getByRole('button', { name: 'Account menu' }).click();
  const name = page.getByRole('menu').getByText(demoAccounts.officer.fullName, { exact: true });
  await expect(name).toBeVisible();
  expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
});

test('History rows stay short and fit: description on one line, offender and location on two at most', async ({ page }) => {
  await signIn(page, 'officer', { path: historyPath });
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(10);
  const columnOf = (accessor: string) =>
    page.locator(`thead th[data-accessor="${accessor}"]`).evaluate((th) => Array.from(th.parentElement!.children).indexOf(th) + 1);
  const cellsOf = async (accessor: string) => page.locator(`tbody tr td:nth-child(${await columnOf(accessor)})`);
  const lineHeight = await (await cellsOf('refNo')).first().evaluate((cell) => parseFloat(getComputedStyle(cell).lineHeight));
  for (const accessor of ['offender', 'location']) {
    const cells = await cellsOf(accessor);
    await expect(cells).toHaveCount(10);
    const heights = await cells.evaluateAll((all) => all.map((cell) => cell.querySelector('p')!.getBoundingClientRect().height));
    for (const height of heights) expect(height).toBeLessThanOrEqual(lineHeight * 2 + 2);
  }
  // Every column fits: nothing of the table hides to the right.
  expect(await page.locator('table').evaluate((table) => table.scrollWidth <= table.parentElement!.clientWidth + 1)).toBe(true);
  const description = (await cellsOf('description')).first().locator('p');
  await expect(description).toHaveCSS('white-space', 'nowrap');
  // Its whole text on hover, to a screen reader and in the detail: history.spec.ts, "long descriptions…".
});

test('in Malay, no screen shows the English names of menus, statuses or the registration entry', async ({ page }) => {
  const english = [
    /\bManage (User|Contract|Complaint|Type|Persona|Organization|Formula)\b/,
    /\bInvoicing\b/,
    /\b(Type of Offence|Justify Complaint|History Complaint|Claim Record|Matrix Privilege|User Type|Organization Type)\b/,
    /\b(submitted|justified|fined|waived|registered)\b/i,
  ];
  await signIn(page, 'admin');
  await page.goto('/dashboard?lng=ms');
  const menu = page.getByRole('navigation', { name: 'Menu utama' });
  await expect(menu.getByRole('button', { name: 'Urus Aduan' })).toBeVisible();
  for (const group of await menu.getByRole('button').all()) {
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  }
  const chrome = async () => [await menu.innerText(), ...(await page.locator('.mantine-Badge-root').allInnerTexts())].join('\n');
  for (const path of [
    '/manage-complaint/complaint',
    '/manage-complaint/verify-complaint',
    historyPath,
    '/manage-complaint/type-of-offence',
  ]) {
    await page.goto(path);
    await expect(page.locator('tbody tr').first()).toBeVisible();
    const text = await chrome();
    for (const pattern of english) expect(text, `${path} in Malay`).not.toMatch(pattern);
  }
  // A fined complaint's detail: its badges and its whole timeline.
  const fined = complaints.find((c) => c.status === 3)!;
  await page.goto(`${historyPath}?detail=${fined.id}`);
  const detail = page.getByRole('dialog');
  const history = detail.getByRole('list', { name: 'Sejarah status' });
  await expect(history).toBeVisible();
  const timeline = [await history.innerText(), ...(await detail.locator('.mantine-Badge-root').allInnerTexts())].join('\n');
  expect(timeline).toMatch(/Didaftarkan/);
  for (const pattern of english)
    expect(timeline.replace(fined.remark ?? '', '').replace(fined.justification ?? '', '')).not.toMatch(pattern);
});

test('a screen that throws while rendering shows the 500 page inside the shell, with Retry and a way back', async ({ page }) => {
  await signIn(page, 'contractor');
  // An answer the invoice cannot show (no lines): the screen throws while rendering.
  await failApi(page, '/api/v1/claim-records/1', 200, { data: { id: 1, status: 'paid', parties: { issuer: {}, billTo: {} } } });
  await page.goto('/apps/invoicing/invoice?claim=1');
  await expect(page.getByRole('heading', { level: 2, name: 'This page ran into a problem' })).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Once the server answers properly again, Retry shows the screen.
  await restoreApi(page);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('article', { name: 'Invoice' })).toContainText('INV-2026-000001');

  await failApi(page, '/api/v1/claim-records/1', 200, { data: { id: 1, status: 'paid', parties: { issuer: {}, billTo: {} } } });
  await page.goto('/apps/invoicing/invoice?claim=1');
  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('/404 and /500 say what happened and lead back', async ({ page }) => {
  await page.goto('/404');
  await expect(page.getByRole('heading', { level: 2, name: 'This page does not exist' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to dashboard' })).toBeVisible();
  await page.goto('/500');
  await expect(page.getByRole('heading', { level: 2, name: 'Something went wrong on our side' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: '500' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to dashboard' })).toBeVisible();
});
