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
