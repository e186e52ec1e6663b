// npm run test:all — every check CI runs, in order: types, lint and format (npm run lint), unit, component and API
// tests (Vitest; the API on the embedded PostgreSQL, then again through DATABASE_URL on a
// separately started PostgreSQL), then Playwright in Chromium twice: on the MSW fixtures, and
// against the real server on a fresh embedded PostgreSQL, after the size budgets of every
// route's first load are measured on that server (each route one check). Chromium is installed first when missing.
// Ends with the time each stage took (so a CI log shows where the minutes go), then one plain
// line, "N passed, N failed", counting every test together.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countAll, countReport, printFailures, RESULTS_DIR } from './test-results.mjs';

const OUT = RESULTS_DIR;
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

const started = performance.now();
/** Each stage's title, seconds and outcome, for the summary at the end. */
const stages = [];

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const begun = performance.now();
  const passed = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;
  stages.push({ title, seconds: (performance.now() - begun) / 1000, passed });
  return passed;
}

// Node itself runs the TypeScript entry points, so a signal reaches them (npx would not pass it on).
const TSX = ['--import', 'tsx'];

/** SIGTERM, then wait for the exit (the process may have exited already). */
function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  return exited;
}

/** A PostgreSQL server as its own process (the DATABASE_URL path), until the callback ends. */
async function withPostgresServer(fn) {
  const dataDir = mkdtempSync(join(tmpdir(), 'complaint-desk-pg-'));
  spawnSync('chmod', ['755', dataDir]);
  const postgres = spawn(process.execPath, [...TSX, 'scripts/postgres-server.ts', join(dataDir, 'pg'), '54353', 'ci-only-password'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const url = await new Promise((resolve, reject) => {
      postgres.stdout.on('data', (chunk) => {
        const match = /ready (\S+)/.exec(String(chunk));
        if (match) resolve(match[1]);
      });
      postgres.on('exit', () => reject(new Error('PostgreSQL did not start')));
    });
    return await fn(url);
  } finally {
    await stop(postgres);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The real server on its own data folder and ports, with the test-only reset route on. */
async function withServer(fn) {
  const dataDir = mkdtempSync(join(tmpdir(), 'complaint-desk-e2e-'));
  spawnSync('chmod', ['755', dataDir]);
  const port = 3217;
  const server = spawn(process.execPath, [...TSX, 'server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, EMBEDDED_PG_PORT: '54347', ALLOW_TEST_RESET: 'true', LOG_LEVEL: 'warn' },
  });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (i > 600 || server.exitCode !== null) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    return await fn(`http://127.0.0.1:${port}`, dataDir);
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

let ok = true;
ok = run('Types', 'npx', ['tsc', '-b']) && ok;
ok = run('Lint and format (ESLint, then biome ci)', 'npm', ['run', 'lint']) && ok;
ok =
  run('Unit, component and API tests (Vitest)', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${OUT}/vitest.json`,
  ]) && ok;
ok =
  (await withPostgresServer((url) =>
    run(
      'API tests again, through DATABASE_URL on a separately started PostgreSQL',
      'npx',
      [
        'vitest',
        'run',
        '--project',
        'server',
        '--exclude',
        'server/crash.test.ts',
        '--exclude',
        'server/db/embedded-postgres.test.ts',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${OUT}/vitest-database-url.json`,
      ],
      {
        TEST_DATABASE_URL: url,
      },
    ),
  ).catch((error) => {
    console.error(error);
    return false;
  })) && ok;
ok = run('Chromium', 'node', ['scripts/ensure-chromium.mjs']) && ok;
ok =
  run('Browser tests on MSW fixtures (production build)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${OUT}/playwright-mock.json`,
  }) && ok;
ok = run('Production build of the SPA for the server', 'npx', ['vite', 'build']) && ok;
ok =
  (await withServer((baseUrl, dataDir) => {
    // Before the browser tests, on the fresh demo data: every route's first load, each a check.
    const sized = run('Size budgets: the first load of every route (npm run bench)', process.execPath, [
      ...TSX,
      'scripts/bench-bundle.ts',
      '--no-build',
      '--base-url',
      baseUrl,
      '--report',
      `${OUT}/bench-bundle.json`,
    ]);
    const browsed = run('Browser tests against the real server', 'npx', ['playwright', 'test', '--reporter=list,json'], {
      E2E_BASE_URL: baseUrl,
      E2E_TARGET: 'server',
      // The server's data folder: the evidence journey checks its audit chain with npm run audit:verify.
      E2E_DATA_DIR: dataDir,
      PLAYWRIGHT_JSON_OUTPUT_NAME: `${OUT}/playwright-server.json`,
    });
    return sized && browsed;
  }).catch((error) => {
    console.error(error);
    return false;
  })) && ok;

const reports = ['vitest', 'vitest-database-url', 'playwright-mock', 'bench-bundle', 'playwright-server'].map((name) =>
  countReport(`${OUT}/${name}.json`),
);
if (reports.some((r) => r === null)) ok = false;
console.log('\n⏱ Stage times:');
for (const { title, seconds, passed } of stages) {
  console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${passed ? 'ok    ' : 'FAILED'}  ${title}`);
}
console.log(
  `  ${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s  in all (with starting and stopping PostgreSQL and the server)`,
);
printFailures(OUT);
const { passed, failed } = countAll(OUT);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
