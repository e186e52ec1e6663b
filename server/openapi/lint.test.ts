import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../..');
/** Where the served document is written for the linters (gitignored; `.redocly.lint-ignore.yaml` names it). */
export const DOCUMENT_FILE = join(import.meta.dirname, 'client/openapi.json');

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  // As a client on another machine reads it: the server is the origin it was asked at.
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host: '10.1.2.3:3000' } });
  mkdirSync(join(import.meta.dirname, 'client'), { recursive: true });
  writeFileSync(DOCUMENT_FILE, res.body);
});
afterAll(() => t.close());

/** A linter's exit code is not the verdict (warnings pass); its JSON report is read whatever the code. */
async function report(command: string, args: string[]): Promise<string> {
  try {
    return (await run(join(ROOT, 'node_modules/.bin', command), args, { cwd: ROOT, env: { ...process.env, REDOCLY_TELEMETRY: 'off' } }))
      .stdout;
  } catch (error) {
    return (error as { stdout: string }).stdout;
  }
}

describe('the served OpenAPI document', () => {
  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const out = JSON.parse(await report('redocly', ['lint', DOCUMENT_FILE, '--config', 'redocly.yaml', '--format', 'json']));
    const problems = out.problems.map((p: { ruleId: string; message: string; location: { pointer: string }[] }) =>
      [p.ruleId, p.location[0]?.pointer, p.message].join(' '),
    );
    expect(problems).toEqual([]);
    expect(out.totals).toMatchObject({ errors: 0, warnings: 0 });
    // The ignore file is read: the probes' lack of a 4xx is the only thing it excuses.
    expect(out.totals.ignored).toBe(2);
  });

  it("passes Spectral's OpenAPI rules with nothing to say", async () => {
    const results = JSON.parse(
      (await report('spectral', ['lint', DOCUMENT_FILE, '--ruleset', '.spectral.yaml', '--format', 'json', '--quiet'])) || '[]',
    );
    expect(results.map((r: { code: string; path: string[]; message: string }) => `${r.code} ${r.path.join('.')} ${r.message}`)).toEqual([]);
  });
});
