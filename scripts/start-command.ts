import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The node arguments `npm start` runs the server bundle with (its last `&&` step), read from
 * package.json, so the benchmarks measure exactly what `npm start` runs, V8 flags included.
 */
export function startArgs(root: string): string[] {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const [command, ...args] = scripts.start.split('&&').at(-1)!.trim().split(/\s+/);
  if (command !== 'node' || !args.includes('dist-server/main.mjs'))
    throw new Error(`npm start no longer ends in "node … dist-server/main.mjs": ${scripts.start}`);
  return args;
}
