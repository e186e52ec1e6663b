import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, without types
import { countAll, failedTests } from './test-results.mjs';

function reports(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'test-results-'));
  for (const [name, report] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(report));
  return dir;
}

const vitest = {
  numPassedTests: 2,
  numFailedTests: 1,
  testResults: [
    {
      name: `${process.cwd()}/api-tests/auth.test.ts`,
      assertionResults: [
        { status: 'passed', fullName: 'signs in' },
        {
          status: 'failed',
          fullName: 'auth › refuses a wrong password',
          failureMessages: ['\u001b[31mAssertionError: expected 200 to be 401\u001b[39m\n\n    at auth.test.ts:12:3'],
        },
      ],
    },
    { name: `${process.cwd()}/api-tests/me.test.ts`, assertionResults: [{ status: 'passed', fullName: 'reads me' }] },
  ],
};

const playwright = {
  stats: { expected: 1, flaky: 1, unexpected: 1 },
  suites: [
    {
      title: 'users.spec.ts',
      specs: [{ title: 'lists users', file: 'users.spec.ts', tests: [{ status: 'expected', projectName: 'chromium' }] }],
      suites: [
        {
          title: 'the reset',
          specs: [
            {
              title: 'asks first',
              file: 'users.spec.ts',
              tests: [
                {
                  status: 'unexpected',
                  projectName: '',
                  results: [{ error: { message: 'Error: expect(received).toEqual(expected)\n- Array []\n+ Array [1]\n4\n5\n6\n7\n8\n9' } }],
                },
              ],
            },
            { title: 'retried', file: 'users.spec.ts', tests: [{ status: 'flaky', projectName: 'chromium' }] },
          ],
        },
      ],
    },
  ],
};

describe('the summary CI prints last', () => {
  it('counts every report, a flaky test as passed', () => {
    expect(countAll(reports({ 'vitest.json': vitest, 'playwright.json': playwright }))).toEqual({ passed: 4, failed: 2 });
  });

  it('names each failed test by file and title, with the start of its message, and only those', () => {
    const dir = reports({ 'vitest.json': vitest, 'playwright.json': playwright });
    expect(failedTests(join(dir, 'vitest.json'))).toEqual([
      {
        name: 'api-tests/auth.test.ts › auth › refuses a wrong password',
        reason: 'AssertionError: expected 200 to be 401\n    at auth.test.ts:12:3',
      },
    ]);
    // The reason: the message's first eight non-empty lines; no project name when the config has none.
    expect(failedTests(join(dir, 'playwright.json'))).toEqual([
      {
        name: 'users.spec.ts › the reset › asks first',
        reason: 'Error: expect(received).toEqual(expected)\n- Array []\n+ Array [1]\n4\n5\n6\n7\n8',
      },
    ]);
  });

  it('names nothing from a report it cannot read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'test-results-'));
    writeFileSync(join(dir, 'broken.json'), '{');
    expect(failedTests(join(dir, 'broken.json'))).toEqual([]);
  });
});
