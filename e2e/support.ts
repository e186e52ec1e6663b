import { test as base, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demoAccounts } from '../fixtures';

export type Role = 'admin' | 'officer' | 'verifier' | 'contractor';

/** Signs in through the sign-in form, as a person would, and waits for the dashboard. */
export async function signIn(page: Page, role: Role, { path = '/' } = {}) {
  await page.goto(path);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(demoAccounts[role].email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (path === '/') await expect(page).toHaveURL(/\/dashboard$/);
}

/** The JSON the app keeps under localStorage `root`. */
export async function storedRoot(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? 'null'));
}

export const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
export const historyPath = '/manage-complaint/history-complaint';

/** Whether the suite runs against the real server (no MSW worker in the page). */
export const againstServer = process.env.E2E_TARGET === 'server';

/**
 * Makes every call to `path` (a pathname) answer `status`, 0 for a network failure; from the
 * next request on, until `restoreApi`. The page must already be open on the app.
 */
export async function failApi(page: Page, path: string, status: number) {
  if (againstServer) {
    await page.route(
      (url) => url.pathname === path,
      (route) => (status === 0 ? route.abort() : route.fulfill({ status, contentType: 'application/problem+json', body: JSON.stringify({ type: 'about:blank', title: 'Injected failure', status }) })),
    );
  } else {
    await page.waitForFunction(() => window.__mockFaults !== undefined);
    await page.evaluate(([p, s]) => window.__mockFaults!.fail(p as string, s as number), [path, status]);
  }
}

export async function restoreApi(page: Page) {
  if (againstServer) await page.unrouteAll();
  else await page.evaluate(() => window.__mockFaults!.clear());
}

declare global {
  interface Window {
    __mockFaults?: { fail: (path: string, status: number) => void; clear: () => void };
  }
}

/**
 * Every test starts from the fixture data set: in mock mode each test's tab has its own
 * state; against a server (run with ALLOW_TEST_RESET=true and one worker) it is reset first.
 */
export const test = base.extend<{ freshData: void }>({
  freshData: [
    async ({ request }, use) => {
      if (againstServer) expect((await request.post('/api/test/reset')).status()).toBe(204);
      await use();
    },
    { auto: true },
  ],
});
export { expect };
