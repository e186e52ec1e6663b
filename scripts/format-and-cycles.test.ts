import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The formatter and the import-circle rule of biome.json, as `npm run lint` runs them
 * (`biome ci`): each probed with files written into the tree for the moment, so the
 * project's own configuration judges them.
 */
let probeDir: string | null = null;
afterEach(() => {
  if (probeDir) rmSync(probeDir, { recursive: true, force: true });
  probeDir = null;
});

function biomeCi(files: Record<string, string>) {
  probeDir = mkdtempSync(join(process.cwd(), 'scripts', '.probe-'));
  for (const [name, source] of Object.entries(files)) writeFileSync(join(probeDir, name), source);
  const run = spawnSync(join('node_modules', '.bin', 'biome'), ['ci', '--colors=off', relative(process.cwd(), probeDir)], {
    encoding: 'utf8',
  });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

const FORMATTED = "export const zone = { name: 'Zon Utara', code: 'ZU' };\n";

describe('npm run lint: the formatter', () => {
  it('fails on a file that is not formatted', () => {
    const result = biomeCi({ 'zone.ts': 'export const zone = {name:"Zon Utara",   code: "ZU"}\n' });
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/format/i);
  });

  it('passes the same file formatted', () => {
    expect(biomeCi({ 'zone.ts': FORMATTED }).ok).toBe(true);
  });
});

describe('npm run lint: no import circles', () => {
  it('fails on two modules that import each other', () => {
    const result = biomeCi({
      'a.ts': "import { b } from './b';\n\nexport const a = () => b;\n",
      'b.ts': "import { a } from './a';\n\nexport const b = () => a;\n",
    });
    expect(result.ok).toBe(false);
    expect(result.output).toContain('noImportCycles');
  });

  it('fails on a circle closed by a type-only import too', () => {
    const result = biomeCi({
      'a.ts': "import type { B } from './b';\n\nexport interface A {\n  b: B;\n}\n",
      'b.ts': "import { seed } from './a-values';\nimport type { A } from './a';\n\nexport type B = A[];\nexport const start = seed;\n",
      'a-values.ts': 'export const seed = 1;\n',
    });
    expect(result.ok).toBe(false);
    expect(result.output).toContain('noImportCycles');
  });

  it('passes imports that run one way', () => {
    expect(biomeCi({ 'a.ts': "import { b } from './b';\n\nexport const a = () => b;\n", 'b.ts': 'export const b = 1;\n' }).ok).toBe(true);
  });
});
