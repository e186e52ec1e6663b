import type { Page } from '@playwright/test';
import { expect, mainMenu, signIn, test } from './support';

/** The paths of the scripts the page fetches from now on. */
function scriptsFetched(page: Page) {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

// A route's screen is its own chunk, named after its route file (the router's code splitting),
// then an eight-character hash: `type-of-offence-queries-…` is another module's chunk.
const chunkOf = (routeFile: string) => new RegExp(`/assets/${routeFile}-[\\w-]{8}\\.js$`);

test('the next screen’s code is fetched when its link is pointed at, before it is followed', async ({ page }) => {
  await signIn(page, 'admin');
  const fetched = scriptsFetched(page);
  await mainMenu(page).getByRole('button', { name: 'Manage User' }).click();
  const zone = mainMenu(page).getByRole('link', { name: 'Zone', exact: true });
  await expect(zone).toBeVisible();
  expect(fetched.filter((path) => chunkOf('zone').test(path))).toEqual([]);

  // The group unfolds (a height transition): pointed at before it ends, the mouse lands on another link.
  const stillOverTwoFrames = () =>
    zone.evaluate(
      (link) =>
        new Promise<boolean>((resolve) => {
          const top = link.getBoundingClientRect().top;
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(link.getBoundingClientRect().top === top)));
        }),
    );
  await expect.poll(stillOverTwoFrames).toBe(true);
  await zone.hover();
  await expect.poll(() => fetched.filter((path) => chunkOf('zone').test(path)).length).toBe(1);

  await zone.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Zone' })).toBeVisible();
  // Followed, it needs nothing more of its own.
  expect(fetched.filter((path) => chunkOf('zone').test(path))).toHaveLength(1);
});

test('the next screen’s code is fetched when its link gets the keyboard’s focus', async ({ page }) => {
  await signIn(page, 'admin');
  const fetched = scriptsFetched(page);
  await mainMenu(page).getByRole('button', { name: 'Manage Complaint' }).click();
  const offences = mainMenu(page).getByRole('link', { name: 'Type of Offence' });
  await expect(offences).toBeVisible();
  expect(fetched.filter((path) => chunkOf('type-of-offence').test(path))).toEqual([]);

  await offences.focus();
  await expect.poll(() => fetched.filter((path) => chunkOf('type-of-offence').test(path)).length).toBe(1);

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/manage-complaint\/type-of-offence$/);
  expect(fetched.filter((path) => chunkOf('type-of-offence').test(path))).toHaveLength(1);
});
