import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every file under a folder. */
function filesIn(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesIn(path) : [path];
  });
}

/*
 * Issue 13: every route of SPEC §2 shows real content. The placeholders it replaced said "not
 * built yet" or called themselves a template demo; neither may come back into the SPA or its
 * words.
 */
describe('no placeholder screen', () => {
  it.each(['not built yet', 'templateDemo', 'TemplateDemoPage', 'NotBuiltPage'])(
    'nothing in src/ or public/locales/ says “%s”',
    (words) => {
      const found = [...filesIn('src'), ...filesIn('public/locales')]
        .filter((file) => !file.endsWith('routeTree.gen.ts'))
        .filter((file) => readFileSync(file, 'utf8').toLowerCase().includes(words.toLowerCase()));
      expect(found).toEqual([]);
    },
  );
});
