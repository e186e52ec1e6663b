import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccounts } from '../../fixtures';
import { createTestApp } from '../test/test-app';
import { imageBytes } from '../test/image-bytes';
import { clientTypes } from './client-types';

const run = promisify(execFile);
const CLIENT = join(import.meta.dirname, 'client');

let t: Awaited<ReturnType<typeof createTestApp>>;
let origin: string;
beforeAll(async () => {
  t = await createTestApp();
  origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

it('generates a TypeScript client from the served document that compiles and works: sign in, list, read, upload, refusals by code', async () => {
  const document = await (await fetch(`${origin}/api/openapi.json`)).json();
  mkdirSync(CLIENT, { recursive: true });
  writeFileSync(join(CLIENT, 'schema.gen.ts'), await clientTypes(document));

  // The program type-checks against the generated types, strictly, or the test stops here with tsc's words.
  const compiled = await run(join(import.meta.dirname, '../../node_modules/.bin/tsc'), ['-p', join(CLIENT, 'tsconfig.json')]).catch(
    (error: { stdout: string }) => error,
  );
  expect(compiled.stdout).toBe('');

  // Imported by a path tsc does not follow: the program compiles only against the types made above
  // (its own tsconfig), and on a fresh clone they are not there when the project is type-checked.
  const program = './client/program.ts';
  const { tour } = (await import(/* @vite-ignore */ program)) as {
    tour: (baseUrl: string, account: { email: string; password: string }, image: Blob) => Promise<Record<string, unknown>>;
  };
  const answers = await tour(
    origin,
    { email: demoAccounts.officer.email, password: DEMO_PASSWORD },
    new Blob([imageBytes.png()], { type: 'image/png' }),
  );
  expect(answers).toEqual({
    wrongPassword: 'check the e-mail and password',
    listed: 5,
    total: expect.any(Number),
    read: expect.stringMatching(/^[A-Z]+-/),
    uploaded: 'image/png',
    missing: 'notFound',
    badSort: expect.stringContaining('Sort by one of refNo, dateOfMisconduct'),
  });
  expect(answers.total).toBeGreaterThan(5);
});
