import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/**
 * The import fences of eslint.config.js (STYLE.md's layering), each probed with an import that
 * breaks it: `npm run lint` must fail on every one, and pass on an import the fence allows.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function fenceErrors(filePath: string, source: string) {
  const [result] = await eslint.lintText(`${source}\nexport const probe = x;\n`, { filePath });
  return result!.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((m) => m.message);
}

const broken: [string, string, string][] = [
  ['domain/probe.ts', "import { x } from '../server/app';", 'domain imports the server'],
  ['domain/probe.ts', "import { x } from '../mocks/db';", 'domain imports the mocks'],
  ['domain/probe.ts', "import { x } from '../fixtures';", 'domain imports fixtures'],
  ['domain/probe.ts', "import { x } from '@/lib/api';", 'domain imports the SPA'],
  ['domain/probe.ts', "import { readFile as x } from 'node:fs/promises';", 'domain does I/O'],
  ['domain/probe.ts', "import { sql as x } from 'drizzle-orm';", 'domain reaches the database'],
  ['server/routes/probe.ts', "import { x } from '../../mocks/db';", 'the server imports the mocks'],
  ['server/routes/probe.ts', "import { x } from '../../src/lib/api';", 'the server imports the SPA'],
  ['server/routes/probe.ts', "import { x } from '../../e2e/support';", 'the server imports e2e'],
  ['mocks/probe.ts', "import { x } from '../server/app';", 'the mocks import the server'],
  ['mocks/probe.ts', "import { x } from '@/lib/api';", 'the mocks import the SPA'],
  ['scripts/probe.ts', "import { x } from '../mocks/db';", 'a script imports the mocks'],
  ['scripts/probe.ts', "import { x } from '../src/lib/api';", 'a script imports the SPA'],
  ['contract/probe.ts', "import { x } from '../domain';", 'the contract imports domain'],
  ['e2e/probe.spec.ts', "import { x } from '../domain';", 'e2e imports domain'],
  ['e2e/probe.spec.ts', "import { x } from '../server/app';", 'e2e imports the server'],
  ['src/features/complaints/probe.ts', "import { x } from '../../../server/app';", 'the SPA imports the server'],
  ['src/features/complaints/probe.ts', "import { menuItems as x } from '@contract';", 'the SPA takes a value through the contract index'],
  ['src/features/complaints/probe.ts', "import { canMove as x } from '@domain';", 'the SPA takes a value through the domain index'],
];

const allowed: [string, string][] = [
  ['domain/probe.ts', "import { menuItems as x } from '../contract/menu-items';"],
  ['server/routes/probe.ts', "import { problems as x } from '../../domain/problems';"],
  ['mocks/probe.ts', "import { problems as x } from '@domain';"],
  ['src/features/complaints/probe.ts', "import { canMove as x } from '@domain/complaint-states';"],
  ['src/features/complaints/probe.ts', "import type { Complaint as x } from '@contract';"],
];

describe('import fences', () => {
  it.each(broken)('%s: %s fails lint (%s)', async (file, source) => {
    expect(await fenceErrors(file, source)).not.toEqual([]);
  });

  it.each(allowed)('%s: %s passes', async (file, source) => {
    expect(await fenceErrors(file, source)).toEqual([]);
  });
});

/** The wording fence: a back end words no refusal of its own (eslint.config.js, no-restricted-syntax). */
async function wordingErrors(filePath: string, source: string) {
  const [result] = await eslint.lintText(`import { problems } from '../domain/problems';\n${source}\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('refusals worded in domain/ only', () => {
  it.each([
    ['mocks/probe.ts', "export const probe = () => problems.invalidField('contractId', 'Select a contract.');"],
    ['server/routes/probe.ts', 'export const probe = (part: string) => problems.validation(`The ${part} is wrong.`, {});'],
  ])('%s: a sentence typed as a problem argument fails lint', async (file, source) => {
    expect(await wordingErrors(file, source)).not.toEqual([]);
  });

  it.each([
    ['mocks/probe.ts', "export const probe = () => problems.notFound('Complaint');"],
    ['server/routes/probe.ts', "export const probe = () => problems.fileMissing('notFile');"],
    ['server/routes/probe.test.ts', "export const probe = () => problems.invalidField('contractId', 'Any words a test likes.');"],
  ])('%s: a typed name or key passes', async (file, source) => {
    expect(await wordingErrors(file, source)).toEqual([]);
  });
});
