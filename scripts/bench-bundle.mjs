// npm run bench: builds the production SPA and reports the gzip size of the JS and CSS that
// the first load of each measured page fetches, as Chromium really fetches them.
// `--no-build` reuses dist/. The API is stubbed with empty answers: which code loads does not
// depend on the data.
import { execSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const PORT = 4318;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PAGES = [
  { path: '/', signedIn: false, targetJsKb: 130 },
  { path: '/manage-complaint/history-complaint', signedIn: true, targetJsKb: 220 },
];
const EMPTY_LIST = { data: { items: [], pagination: { page: 1, limit: 1000, totalRow: 0, totalPage: 0 } } };

if (!process.argv.includes('--no-build')) execSync('npx vite build', { stdio: 'ignore' });
execSync('node scripts/ensure-chromium.mjs', { stdio: 'inherit' });

const server = spawn('npx', ['vite', 'preview', '--outDir', 'dist', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], {
  stdio: 'ignore',
  detached: true,
});
const stopServer = () => {
  try {
    process.kill(-server.pid);
  } catch {
    // already gone
  }
};
process.on('exit', stopServer);

async function waitForServer() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(ORIGIN)).ok) return;
    } catch (error) {
      if (process.env.DEBUG) console.error(error);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('vite preview did not start');
}

const gzipKb = (file) => gzipSync(readFileSync(join('dist', file)), { level: 9 }).length / 1024;

async function measure(browser, { path, signedIn }) {
  const context = await browser.newContext();
  if (signedIn) {
    await context.addInitScript(() => {
      const user = { id: 1, email: 'bench@example.com', fullName: 'Bench', phone: null, image: null, status: 'active',
        userType: { id: 1, name: 'Officer' }, userProfile: { typeId: 1, organizationId: null, positionId: null, zoneId: null } };
      localStorage.setItem('root', JSON.stringify({ state: { auth: { token: 'bench', user } }, version: 0 }));
    });
  }
  await context.route('**/api/**', (route) =>
    route.fulfill({ json: route.request().url().includes('/menu/') ? { data: { items: [] } } : EMPTY_LIST }),
  );
  const page = await context.newPage();
  const files = new Set();
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.origin === ORIGIN && /\.(js|css)$/.test(url.pathname)) files.add(url.pathname.slice(1));
  });
  await page.goto(ORIGIN + path, { waitUntil: 'networkidle' });
  await context.close();
  if (process.argv.includes('--files')) {
    for (const f of [...files].sort((a, b) => gzipKb(b) - gzipKb(a))) console.log(`   ${gzipKb(f).toFixed(1).padStart(7)}  ${f}`);
  }
  const sum = (ext) => [...files].filter((f) => f.endsWith(ext)).reduce((kb, f) => kb + gzipKb(f), 0);
  return { js: sum('.js'), css: sum('.css'), count: files.size };
}

await waitForServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
console.log('First load, gzip (level 9) of the files Chromium fetched:');
console.log('page'.padEnd(40), 'files', 'JS KB'.padStart(8), 'CSS KB'.padStart(8), '  JS target');
for (const p of PAGES) {
  const r = await measure(browser, p);
  const verdict = r.js <= p.targetJsKb ? 'within' : 'OVER';
  console.log(p.path.padEnd(40), String(r.count).padStart(5), r.js.toFixed(1).padStart(8), r.css.toFixed(1).padStart(8), `  ≤ ${p.targetJsKb} (${verdict})`);
}
await browser.close();
stopServer();
