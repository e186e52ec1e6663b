import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sheetOf } from './mantine-styles';

function filesIn(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesIn(path) : [path];
  });
}

/*
 * Each Mantine component brings its own sheet (scripts/mantine-styles.ts); a component whose
 * class names had no sheet would render unstyled, silently. A Mantine upgrade that renames a
 * sheet fails here instead.
 */
describe("Mantine's sheets per component", () => {
  const classModules = ['@mantine/core', '@mantine/notifications'].flatMap((pkg) =>
    filesIn(join('node_modules', pkg, 'esm')).filter((file) => file.endsWith('.module.mjs')),
  );

  it('finds the class-name modules', () => {
    expect(classModules.length).toBeGreaterThan(100);
  });

  it('gives every class-name module a sheet that exists', () => {
    const missing = classModules.filter((file) => {
      const sheet = sheetOf(file);
      return sheet === null || !existsSync(join('node_modules', sheet));
    });
    expect(missing).toEqual([]);
  });

  it('leaves every other module alone', () => {
    expect(sheetOf('node_modules/@mantine/core/esm/components/Button/Button.mjs')).toBeNull();
    expect(sheetOf('src/app/modal.module.css')).toBeNull();
  });
});
