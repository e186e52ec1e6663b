// Counts every test of the JSON reports in .test-results/: Vitest's (numPassedTests, …) and
// Playwright's (stats). Shared by test-all and the Node-line runs, so the last line CI prints,
// "N passed, N failed", counts everything that ran.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const RESULTS_DIR = '.test-results';

/** Passed and failed tests of one report file, or null when it is missing or unreadable. */
export function countReport(file) {
  if (!existsSync(file)) return null;
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    if (report.stats) return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
    return { passed: report.numPassedTests, failed: report.numFailedTests };
  } catch {
    return null;
  }
}

/** The first lines of a failure's message, without colour codes: enough to tell one failure from another in CI's tail. */
export function reasonOf(message, lines = 8) {
  if (typeof message !== 'string') return '';
  return message
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .slice(0, lines)
    .join('\n');
}

/** The failed tests of one report, each as { name: "file › title", reason } (Vitest's failed assertions, Playwright's unexpected tests). */
export function failedTests(file) {
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  if (report.stats) {
    const failures = [];
    // A file's suite holds its tests and describe blocks; the path names the describe blocks.
    const walk = (suite, path) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status !== 'unexpected') continue;
          const project = test.projectName ? ` [${test.projectName}]` : '';
          const last = (test.results ?? []).at(-1);
          const message = last?.error?.message ?? last?.errors?.[0]?.message;
          failures.push({ name: `${spec.file} › ${[...path, spec.title].join(' › ')}${project}`, reason: reasonOf(message) });
        }
      }
      for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
    };
    for (const suite of report.suites ?? []) walk(suite, []);
    return failures;
  }
  return (report.testResults ?? []).flatMap((result) =>
    (result.assertionResults ?? [])
      .filter((assertion) => assertion.status === 'failed')
      .map((assertion) => ({
        name: `${result.name.replace(`${process.cwd()}/`, '')} › ${assertion.fullName}`,
        reason: reasonOf(assertion.failureMessages?.[0]),
      })),
  );
}

/** Every report's failed tests, under the report's name, each with the start of its message: printed before the last line, so CI's tail names them. */
export function printFailures(dir = RESULTS_DIR) {
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    const failures = failedTests(join(dir, name));
    if (failures.length === 0) continue;
    console.log(`\nFailed in ${name}:`);
    for (const { name: test, reason } of failures) {
      console.log(`  ✗ ${test}`);
      if (reason) console.log(reason.replace(/^/gm, '      '));
    }
  }
}

/** Every report in the folder, added up. */
export function countAll(dir = RESULTS_DIR) {
  let passed = 0;
  let failed = 0;
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    const counts = countReport(join(dir, name));
    if (counts) {
      passed += counts.passed;
      failed += counts.failed;
    }
  }
  return { passed, failed };
}
