/**
 * What `npm run bench` holds each route's first load to (scripts/bench-bundle.ts measures).
 *
 * The budget is issue 31's, on the bytes a browser receives from `npm start` (Brotli; gzip
 * level 9 is printed as a report): sign-in 150 KB JS and 10 KB CSS, the dashboard 270 with its
 * charts, the Design System's gallery pages 300, every other screen (lists and forms) 250. A
 * route not yet within it has a ceiling in scripts/bundle-ceilings.json: its size when recorded
 * plus `CEILING_ROOM_KB`. It may shrink, never grow.
 */
import { menuItems } from '../contract/menu-items';

export interface Budget {
  js: number;
  /** CSS is budgeted on the sign-in page only. */
  css?: number;
}

const GALLERY: readonly string[] = (
  ['theme', 'base', 'buttons', 'forms', 'icons', 'notifications', 'plugins', 'smartTable', 'widgets'] as const
).map((name) => menuItems[name].url);

export function budgetOf(path: string): Budget {
  if (path === '/') return { js: 150, css: 10 };
  if (path === '/dashboard') return { js: 270 };
  if (GALLERY.includes(path)) return { js: 300 };
  return { js: 250 };
}

/** KB of JS received that a route over budget may not exceed, by route path. */
export type Ceilings = Record<string, number>;

/** A ceiling's room above the size it was recorded at: a chunk's hash names may shift a few bytes. */
export const CEILING_ROOM_KB = 1;

/** A route's largest load: its JS, and whether its CSS is over the CSS budget (which has no ceiling). */
export interface RouteSize {
  js: number;
  cssOver: boolean;
}

export type Verdict =
  | { kind: 'within budget'; staleCeiling?: number }
  | { kind: 'within ceiling'; ceiling: number }
  | { kind: 'over'; ceiling?: number };

export function verdictOf(size: RouteSize, budget: Budget, ceiling: number | undefined): Verdict {
  if (size.js <= budget.js && !size.cssOver)
    return ceiling === undefined ? { kind: 'within budget' } : { kind: 'within budget', staleCeiling: ceiling };
  if (ceiling !== undefined && size.js <= ceiling && !size.cssOver) return { kind: 'within ceiling', ceiling };
  return { kind: 'over', ceiling };
}

/** Whether the check fails: over its ceiling always; over its budget at all when strict. */
export const fails = (verdict: Verdict, strict: boolean) => verdict.kind === 'over' || (strict && verdict.kind !== 'within budget');

export function describe(verdict: Verdict): string {
  switch (verdict.kind) {
    case 'within budget':
      return verdict.staleCeiling === undefined ? '' : `within budget: its ceiling (${verdict.staleCeiling}) can go`;
    case 'within ceiling':
      return `over budget, within ceiling ${verdict.ceiling}`;
    case 'over':
      return verdict.ceiling === undefined ? 'OVER, no ceiling' : `OVER ceiling ${verdict.ceiling}`;
  }
}

/**
 * The ceilings after a run: each route measured over budget gets its size plus the room; a
 * route measured within budget loses its ceiling; routes the run did not measure keep theirs.
 */
export function nextCeilings(previous: Ceilings, measured: Map<string, { js: number; verdict: Verdict }>): Ceilings {
  const next: Ceilings = {};
  for (const [path, ceiling] of Object.entries(previous)) if (!measured.has(path)) next[path] = ceiling;
  for (const [path, { js, verdict }] of measured)
    if (verdict.kind !== 'within budget') next[path] = Math.ceil((js + CEILING_ROOM_KB) * 10) / 10;
  return Object.fromEntries(Object.entries(next).sort(([a], [b]) => a.localeCompare(b)));
}
