import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/chromium-launch';

/**
 * The same suite runs against the production build on MSW fixtures (default) and against a
 * running server (E2E_BASE_URL=http://localhost:3000 E2E_TARGET=server).
 */
const externalBaseUrl = process.env.E2E_BASE_URL;
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = externalBaseUrl ?? `http://localhost:${port}`;

/**
 * Debian's chromium-headless-shell (the old headless mode, which scripts/ensure-chromium.mjs
 * installs) when it is there: the same engine, a spec 14 to 24 % faster with a third less CPU
 * (README, "CI"). Else, or when CHROMIUM_PATH names one, the browser the benches measure with.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumLaunchOptions.executablePath);

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  // Against a server every test resets the one database, so they take turns. On the mocks two
  // at once: with chromium-headless-shell (no GPU process) two fit on CI's 2 cores, the whole
  // mock suite in 461, 473 and 564 s against 871 s with one (2026-11-29, README "CI"); the one
  // failure of those runs was the product's (a language choice undone by a reload), fixed.
  workers: process.env.E2E_TARGET === 'server' ? 1 : 2,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    timezoneId: 'Asia/Kuala_Lumpur',
    locale: 'en-GB',
    viewport: { width: 1366, height: 860 },
    // A trace records the screen all along, a quarter of each test's time here; CI keeps none of
    // its files (the log says what failed), so it records none.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { ...chromiumLaunchOptions, executablePath },
  },
  webServer: externalBaseUrl
    ? undefined
    : {
        command: `npm run build:mock && npx vite preview --outDir dist-mock --port ${port} --strictPort`,
        url: baseURL,
        reuseExistingServer: !process.env.CI,
        timeout: 180_000,
        stdout: 'ignore',
      },
});
