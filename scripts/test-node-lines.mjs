// npm run test:node-lines [-- 22 24 26]: the Vitest projects that run on the server's Node.js
// (server, api-mock, tooling) again under other Node.js lines, each taken from npm's `node`
// package into a folder outside the checkout (npm puts every ancestor's node_modules/.bin, which
// holds a `node`, ahead of PATH). Not the web project: its components run in a browser, whatever
// Node.js line serves them (jsdom only stands in for one), and Chromium runs them in test:all.
// Nor the crash test, which judges PostgreSQL's durability and runs once in test:all. Writes its
// reports beside test-all's, then the time each line took, and ends with the plain line
// "N passed, N failed" over all of them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { countAll, countReport, printFailures, RESULTS_DIR } from './test-results.mjs';

const lines = process.argv.slice(2).length ? process.argv.slice(2) : ['22', '24', '26'];
const root = resolve(process.env.NODE_LINES_DIR ?? join(process.env.RUNNER_TEMP ?? tmpdir(), 'complaint-desk-node'));
if (resolve(process.cwd()).startsWith(`${root}/`) || resolve(root).startsWith(`${resolve(process.cwd())}/`)) {
  throw new Error(`NODE_LINES_DIR (${root}) must be outside the checkout and not one of its ancestors`);
}
mkdirSync(RESULTS_DIR, { recursive: true });

let ok = true;
const times = [];
for (const line of lines) {
  const started = performance.now();
  const dir = join(root, line);
  const bin = join(dir, 'node_modules', 'node', 'bin');
  if (!existsSync(join(bin, 'node'))) {
    mkdirSync(dir, { recursive: true });
    console.log(`\n▶ Installing Node.js ${line} (npm's node package) into ${dir}`);
    const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', `node@${line}`], { cwd: dir, stdio: 'inherit' });
    if (install.status !== 0) {
      ok = false;
      times.push({ line, seconds: (performance.now() - started) / 1000, passed: false });
      continue;
    }
  }
  const env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH}` };
  const version = spawnSync('node', ['--version'], { env, encoding: 'utf8' }).stdout.trim();
  console.log(`\n▶ Vitest (server, api-mock and tooling) on Node.js ${version}`);
  const report = join(RESULTS_DIR, `vitest-node-${line}.json`);
  const projects = ['server', 'api-mock', 'tooling'].flatMap((name) => ['--project', name]);
  const args = ['vitest', 'run', ...projects, '--exclude', 'server/crash.test.ts', '--reporter=default', '--reporter=json'];
  const run = spawnSync('npx', [...args, `--outputFile.json=${report}`], { env, stdio: 'inherit' });
  const counts = countReport(report);
  const passed = run.status === 0 && counts !== null && version.startsWith(`v${line}.`);
  if (!passed) ok = false;
  times.push({ line, seconds: (performance.now() - started) / 1000, passed });
}

console.log('\n⏱ Stage times:');
for (const { line, seconds, passed } of times) {
  console.log(
    `  ${seconds.toFixed(0).padStart(5)} s  ${passed ? 'ok    ' : 'FAILED'}  Node.js ${line} (installed when missing, then Vitest)`,
  );
}

printFailures();
const { passed, failed } = countAll();
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
