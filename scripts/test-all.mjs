// npm run test:all — every check CI runs, in order: types, lint, unit and component tests,
// then Playwright in Chromium (installed first when missing). Ends with one plain line,
// "N passed, N failed", counting the Vitest and Playwright tests together.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const OUT = '.test-results';
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

const steps = [
  () => run('Types', 'npx', ['tsc', '-b']),
  () => run('Lint', 'npx', ['eslint', '.']),
  () =>
    run('Unit and component tests (Vitest)', 'npx', [
      'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${OUT}/vitest.json`,
    ]),
  () => run('Chromium', 'node', ['scripts/ensure-chromium.mjs']),
  () =>
    run('Browser tests (Playwright, production build on MSW fixtures)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: `${OUT}/playwright.json`,
    }),
];

let ok = true;
for (const step of steps) ok = step() && ok;

let passed = 0;
let failed = 0;
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const vitest = readJson(`${OUT}/vitest.json`);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
}
const playwright = readJson(`${OUT}/playwright.json`);
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
}
if (!vitest || !playwright) ok = false;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
