import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inlineScriptHashes } from './app';
import { createTestApp } from './test/test-app';

/*
 * index.html's one inline script (it shows the first sign-in form before the app's code comes)
 * runs under the strict policy because the policy names its hash, and no other inline script does.
 */

const spaDir = mkdtempSync(join(tmpdir(), 'spa-csp-'));
const first = "document.getElementById('first-sign-in').hidden = false;";
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  writeFileSync(join(spaDir, 'index.html'), `<!doctype html><main id="first-sign-in" hidden></main><script>${first}</script>`);
  t = await createTestApp({ spaDir });
});
afterAll(async () => {
  await t.close();
  rmSync(spaDir, { recursive: true, force: true });
});

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

it("lets index.html's inline script run by its hash, and nothing else inline", async () => {
  const res = await t.app.inject({ method: 'GET', url: '/manage-complaint/history-complaint' });
  const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))![1];
  expect(scriptSrc).toBe(`'self' ${sha(first)}`);
  expect(scriptSrc).not.toContain('unsafe-inline');
});

it("hashes the repository's own index.html script as it is written", () => {
  const html = readFileSync(join(import.meta.dirname, '../index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  expect(inlineScriptHashes(join(import.meta.dirname, '../index.html'))).toEqual([sha(scripts[0]![1]!)]);
});
