/**
 * Size budgets (`npm run bench`, and `npm run test:all` through it): the first load of every
 * route of the route tree, in a fresh Chromium context against the real server, signed in as
 * each demo role that sees the route (its real sign-in and menus). For each load: the gzip
 * (level 9) size of every JS and CSS file Chromium fetched, and the bytes it received for them
 * (the server answers Brotli). A route's row is its largest load (JS received).
 *
 * Each route's JS and CSS received are held to its budget, or, until it is within it, to its recorded ceiling
 * (scripts/bundle-budgets.ts). Exits 1 when a route is over its ceiling, or over its budget
 * with no ceiling recorded.
 *
 *   --update-ceilings rewrite scripts/bundle-ceilings.json from this run (the routes over budget)
 *   --strict          exit 1 on any route over its budget, ceiling or not
 *   --no-build        reuse dist/ (or $SPA_DIR)
 *   --base-url URL    measure a server already running on that build (test-all's); else one is
 *                     started on a fresh embedded database (BENCH_PORT, BENCH_PG_PORT)
 *   --files           list the files of each route's largest load
 *   --only REGEXP     only the routes whose path matches
 *   --report FILE     also write the verdicts as a Vitest-shaped JSON report (test-all counts it)
 */
import { answerSecondFactor } from '../fixtures/phone-in-browser';
import { Phones } from '../fixtures/phones';
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Request } from '@playwright/test';
import { apiPaths } from '../contract/paths';
import { menuItems } from '../contract/menu-items';
import { DEMO_PASSWORD, demoAccounts } from '../fixtures';
import { budgetOf, describe, fails, nextCeilings, verdictOf, type Ceilings, type Verdict } from './bundle-budgets';
import { chromiumLaunchOptions } from './chromium-launch';

const HISTORY = menuItems.historyComplaint.url;
const CEILINGS_FILE = fileURLToPath(new URL('bundle-ceilings.json', import.meta.url));
const ceilings: Ceilings = JSON.parse(readFileSync(CEILINGS_FILE, 'utf8'));

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const SPA_DIR = process.env.SPA_DIR ?? 'dist';
const ROLES = ['admin', 'officer', 'verifier', 'contractor'] as const;
type Role = (typeof ROLES)[number];

interface Load {
  url: string;
  role: Role | null;
}
interface Measured extends Load {
  landed: string;
  files: { file: string; gzip: number; wire: number; encoding: string }[];
  js: number;
  css: number;
  jsWire: number;
  cssWire: number;
}

/** The leaves of the generated route tree: id (`/_app/dashboard`) and full path (`/dashboard`). */
function routeLeaves() {
  const source = readFileSync('src/routeTree.gen.ts', 'utf8');
  const routes = [...source.matchAll(/^\s+'[^']+': \{\s+id: '([^']+)'\s+path: '[^']*'\s+fullPath: '([^']+)'/gm)].map(
    ([, id, fullPath]) => ({
      id: id!,
      fullPath: fullPath!,
    }),
  );
  if (routes.length === 0) throw new Error('no routes read from src/routeTree.gen.ts');
  return routes.filter((r) => !routes.some((other) => other.id.startsWith(`${r.id}/`)));
}

const gzipKb = (file: string) => gzipSync(readFileSync(join(SPA_DIR, file)), { level: 9 }).length / 1024;

async function startServer(): Promise<{ origin: string; stop: () => Promise<void> }> {
  const port = Number(process.env.BENCH_PORT ?? 4302);
  const dataDir = mkdtempSync(join(tmpdir(), 'complaint-desk-bench-bundle-'));
  // Embedded PostgreSQL drops to its own user when run as root and must reach its data dir.
  chmodSync(dataDir, 0o755);
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: process.env.BENCH_PG_PORT ?? '54362',
      SPA_DIR,
      // For the outbox: the activation page is measured with a real link.
      ALLOW_TEST_RESET: 'true',
      LOG_LEVEL: 'warn',
    },
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return { origin, stop };
    } catch {
      // not listening yet
    }
    if (i > 600 || server.exitCode !== null) {
      await stop();
      throw new Error('the server did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The session and the menus as the SPA keeps them in localStorage (`root`). */
interface StoredRoot {
  auth: { token: string };
  dashboard: { sidebarMenus: { menuItems: { url: string }[] }[] };
}

/** The administrator's authenticator app. */
const phones = new Phones();

/** Signs in through the form, as a person does; answers the stored session and the menu paths. */
async function signIn(browser: Browser, origin: string, role: Role) {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(demoAccounts[role].email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // An administrator answers a second factor (enrolled at the first sign-in).
  if (role === 'admin') await answerSecondFactor(page, demoAccounts.admin.email, phones);
  await page.waitForURL(/\/dashboard$/);
  // The menus are kept with the session: a returning user's first load starts from them.
  for (let i = 0; ; i++) {
    const state = await context.storageState();
    const stored = state.origins[0]?.localStorage.find((entry) => entry.name === 'root')?.value ?? 'null';
    const root = (JSON.parse(stored) as { state: StoredRoot } | null)?.state;
    if (root && root.dashboard.sidebarMenus.length > 0) {
      await context.close();
      const paths = new Set(root.dashboard.sidebarMenus.flatMap((group) => group.menuItems.map((item) => item.url)));
      return { state, token: root.auth.token, paths };
    }
    if (i > 100) throw new Error(`${role}: no menus stored after signing in`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function api<T>(origin: string, path: string, init: { token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${origin}/${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  const text = await res.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

type Items<T> = { data: { items: T[] } };

async function measure(
  browser: Browser,
  origin: string,
  load: Load,
  state?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<Measured> {
  const context = await browser.newContext({ baseURL: origin, storageState: state });
  const page = await context.newPage();
  const fetched: Promise<Measured['files'][number] | null>[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on('request', () => {
    inFlight += 1;
    lastActivity = Date.now();
  });
  const settled = () => {
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('requestfailed', settled);
  page.on('requestfinished', (request: Request) => {
    settled();
    const url = new URL(request.url());
    if (url.origin !== origin || !/\.(js|css)$/.test(url.pathname)) return;
    fetched.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        const file = url.pathname.slice(1);
        return {
          file,
          gzip: gzipKb(file),
          wire: sizes.responseBodySize / 1024,
          encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
        };
      })().catch(() => null),
    );
  });
  await page.goto(load.url, { waitUntil: 'networkidle' });
  // Every screen has a heading; on a busy machine the network may fall quiet before the
  // screen's own code has asked for its chunks. Then quiet for a second.
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 20_000 })
    .catch(() => console.warn(`${load.url}: no heading`));
  while (inFlight > 0 || Date.now() - lastActivity < 1000) await new Promise((r) => setTimeout(r, 100));
  const landed = new URL(page.url());
  // A request may report its end a moment after the network fell idle.
  let count = -1;
  while (count !== fetched.length) {
    count = fetched.length;
    await Promise.all(fetched);
    await new Promise((r) => setTimeout(r, 50));
  }
  const files = (await Promise.all(fetched)).filter((f) => f !== null).sort((a, b) => b.gzip - a.gzip);
  await context.close();
  const sum = (ext: string, key: 'gzip' | 'wire') => files.filter((f) => f.file.endsWith(ext)).reduce((kb, f) => kb + f[key], 0);
  return {
    ...load,
    landed: landed.pathname + landed.search,
    files,
    js: sum('.js', 'gzip'),
    css: sum('.css', 'gzip'),
    jsWire: sum('.js', 'wire'),
    cssWire: sum('.css', 'wire'),
  };
}

/** What to load for a route, and as whom; or why it cannot be loaded first. */
async function loadsOf(
  route: { id: string; fullPath: string },
  origin: string,
  sessions: Map<Role, Awaited<ReturnType<typeof signIn>>>,
): Promise<Load[] | string> {
  const everyone = ROLES.map((role) => ({ role }));
  if (route.id === '/account/activation/$code') {
    // A real link: a fresh registration's activation mail, from the test server's outbox.
    const email = `bench-${Date.now()}@example.com`;
    await api(origin, apiPaths.register, { body: { email, password: 'Bench#2026budget', fullName: 'Bundle Bench' } });
    const outbox = await fetch(`${origin}/api/test/outbox?to=${encodeURIComponent(email)}`);
    if (!outbox.ok) return 'the server has no test outbox (ALLOW_TEST_RESET) to read an activation link from';
    const [mail] = ((await outbox.json()) as Items<{ text: string }>).data.items;
    const path = /https?:\/\/\S+?(\/account\/activation\/[A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    return path ? [{ url: path, role: null }] : 'no activation link in the registration mail';
  }
  if (route.id === '/apps/email/$') {
    // Signed out it explains itself; signed in, the list, and one message of the officer's own.
    await api(origin, apiPaths.forgotPassword, { body: { email: demoAccounts.officer.email } });
    const token = sessions.get('officer')!.token;
    const [mail] = (await api<Items<{ id: number }>>(origin, apiPaths.mail, { token })).data.items;
    if (!mail) return 'the officer has no mail to open';
    return [
      { url: '/apps/email/', role: null },
      ...everyone.map(({ role }) => ({ url: '/apps/email/', role })),
      { url: `/apps/email/${mail.id}`, role: 'officer' },
    ];
  }
  if (route.fullPath === HISTORY) {
    // With `?detail=` too: the bell's notices open a complaint so, on a first load.
    const token = sessions.get('officer')!.token;
    const [complaint] = (await api<Items<{ id: number }>>(origin, `${apiPaths.complaints}?history=true&limit=1`, { token })).data.items;
    const roles = ROLES.filter((role) => sessions.get(role)!.paths.has(HISTORY));
    return [
      ...roles.map((role) => ({ url: HISTORY, role })),
      ...(complaint ? roles.map((role) => ({ url: `${HISTORY}?detail=${complaint.id}`, role })) : []),
    ];
  }
  if (route.id === '/_app/$') return everyone.map(({ role }) => ({ url: '/no-such-page', role }));
  if (route.id.startsWith('/_app/')) {
    const inMenus = ROLES.some((role) => sessions.get(role)!.paths.has(route.fullPath));
    // Off the menus (dashboard, profile): every signed-in user.
    const roles = inMenus ? ROLES.filter((role) => sessions.get(role)!.paths.has(route.fullPath)) : ROLES;
    return roles.map((role) => ({ url: route.fullPath, role }));
  }
  if (route.fullPath.includes('$')) return `no way to fill ${route.fullPath}'s parameters`;
  return [{ url: route.fullPath, role: null }];
}

const kb = (n: number) => n.toFixed(1).padStart(7);

const build = !args.includes('--no-build');
if (build) execSync('npx vite build', { stdio: ['ignore', 'ignore', 'inherit'] });
execSync('node scripts/ensure-chromium.mjs', { stdio: 'inherit' });
const baseUrl = option('--base-url');
const server = baseUrl ? { origin: baseUrl.replace(/\/$/, ''), stop: async () => {} } : await startServer();
const browser = await chromium.launch(chromiumLaunchOptions);

let passed = 0;
let failed = 0;
/** The routes that failed, named in the report (its failed tests, for the summary CI prints last). */
const failures: string[] = [];
const verdicts = new Map<string, { js: number; verdict: Verdict }>();
try {
  const sessions = new Map<Role, Awaited<ReturnType<typeof signIn>>>();
  for (const role of ROLES) sessions.set(role, await signIn(browser, server.origin, role));

  console.log(
    'First load of every route: the bytes Chromium received for its JS and CSS (held to the budget), and their gzip (level 9, a report).',
  );
  console.log(`${'route'.padEnd(38)} ${'largest as'.padEnd(11)} files   JS KB  CSS KB  JS wire CSS wire  budget`);
  for (const route of routeLeaves().filter((r) => new RegExp(option('--only') ?? '').test(r.fullPath))) {
    const loads = await loadsOf(route, server.origin, sessions);
    if (typeof loads === 'string') {
      // Unmeasured is unchecked: a failure, not a pass.
      console.log(`${route.fullPath.padEnd(38)} NOT MEASURED: ${loads}`);
      failed += 1;
      failures.push(`${route.fullPath}: not measured`);
      continue;
    }
    const measured: Measured[] = [];
    for (const load of loads)
      measured.push(await measure(browser, server.origin, load, load.role ? sessions.get(load.role)!.state : undefined));
    const largest = measured.reduce((a, b) => (b.jsWire > a.jsWire ? b : a));
    const budget = budgetOf(route.fullPath);
    // Held to what the browser received; the gzip figures are a report.
    const js = Math.max(...measured.map((m) => m.jsWire));
    const cssOver = budget.css !== undefined && measured.some((m) => m.cssWire > budget.css!);
    const verdict = verdictOf({ js, cssOver }, budget, ceilings[route.fullPath]);
    verdicts.set(route.fullPath, { js, verdict });
    if (fails(verdict, args.includes('--strict'))) {
      failed += 1;
      failures.push(`${route.fullPath}: ${describe(verdict)}`);
    } else passed += 1;
    const who = (largest.role ?? 'signed out') + (measured.length > 1 ? ` +${measured.length - 1}` : '');
    const limit = `≤ ${budget.js}${budget.css === undefined ? '' : ` / ${budget.css}`}`;
    console.log(
      `${route.fullPath.padEnd(38)} ${who.padEnd(11)} ${String(largest.files.length).padStart(5)} ${kb(largest.js)} ${kb(largest.css)} ${kb(largest.jsWire)} ${kb(largest.cssWire)}  ${limit}  ${describe(verdict)}`.trimEnd(),
    );
    for (const m of measured)
      if (m.landed !== m.url) console.log(`${''.padEnd(38)} ${m.url} as ${m.role ?? 'signed out'} landed on ${m.landed}`);
    if (args.includes('--files')) {
      for (const m of measured)
        console.log(
          `${''.padEnd(38)} ${(m.role ?? 'signed out').padEnd(11)} ${String(m.files.length).padStart(5)} ${kb(m.js)} ${kb(m.css)}  ${m.url}`,
        );
      console.log(`${''.padEnd(38)} ${largest.url}:`);
      for (const f of largest.files) console.log(`${''.padEnd(40)} ${kb(f.gzip)} ${kb(f.wire)} ${f.encoding.padEnd(8)} ${f.file}`);
    }
  }
  const count = (kind: Verdict['kind']) => [...verdicts.values()].filter((v) => v.verdict.kind === kind).length;
  console.log(
    `${count('within budget')} routes within budget; ${count('within ceiling')} over budget but within their ceilings; ${count('over')} over.`,
  );
  if (args.includes('--update-ceilings')) {
    const next = nextCeilings(ceilings, verdicts);
    writeFileSync(CEILINGS_FILE, `${JSON.stringify(next, null, 2)}\n`);
    console.log(`Wrote ${Object.keys(next).length} ceilings to scripts/bundle-ceilings.json.`);
  }
} finally {
  await browser.close();
  await server.stop();
}
const report = option('--report');
if (report) {
  const assertionResults = failures.map((fullName) => ({ status: 'failed', fullName }));
  writeFileSync(
    report,
    JSON.stringify({ numPassedTests: passed, numFailedTests: failed, testResults: [{ name: 'size budgets', assertionResults }] }),
  );
}
process.exit(failed === 0 || args.includes('--update-ceilings') ? 0 : 1);
