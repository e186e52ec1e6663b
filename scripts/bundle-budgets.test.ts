import { describe, expect, it } from 'vitest';
import { budgetOf, CEILING_ROOM_KB, describe as describeVerdict, fails, nextCeilings, verdictOf, type Verdict } from './bundle-budgets';

const HISTORY = '/manage-complaint/history-complaint';

describe('budgets', () => {
  it('are issue 31’s: sign-in 150 KB JS and 10 KB CSS, the dashboard 270, the gallery 300, every other screen 250', () => {
    expect(budgetOf('/')).toEqual({ js: 150, css: 10 });
    expect(budgetOf('/dashboard')).toEqual({ js: 270 });
    expect(budgetOf('/forms')).toEqual({ js: 300 });
    expect(budgetOf('/plugins')).toEqual({ js: 300 });
    expect(budgetOf('/widgets')).toEqual({ js: 300 });
    expect(budgetOf(HISTORY)).toEqual({ js: 250 });
    expect(budgetOf('/manage-user/user')).toEqual({ js: 250 });
    expect(budgetOf('/profile')).toEqual({ js: 250 });
  });
});

describe('a route’s verdict', () => {
  const budget = { js: 260 };

  it('passes within its budget, and says when its ceiling has become useless', () => {
    expect(verdictOf({ js: 260, cssOver: false }, budget, undefined)).toEqual({ kind: 'within budget' });
    expect(verdictOf({ js: 250, cssOver: false }, budget, 270)).toEqual({ kind: 'within budget', staleCeiling: 270 });
    expect(fails({ kind: 'within budget' }, true)).toBe(false);
  });

  it('over its budget, passes up to its ceiling and fails above it', () => {
    const within = verdictOf({ js: 270, cssOver: false }, budget, 270);
    expect(within).toEqual({ kind: 'within ceiling', ceiling: 270 });
    expect(fails(within, false)).toBe(false);
    const over = verdictOf({ js: 270.1, cssOver: false }, budget, 270);
    expect(over).toEqual({ kind: 'over', ceiling: 270 });
    expect(fails(over, false)).toBe(true);
    expect(describeVerdict(over)).toBe('OVER ceiling 270');
  });

  it('fails over its budget when no ceiling was recorded for it', () => {
    const verdict = verdictOf({ js: 261, cssOver: false }, budget, undefined);
    expect(verdict).toEqual({ kind: 'over' });
    expect(fails(verdict, false)).toBe(true);
  });

  it('fails on CSS over its budget whatever the JS ceiling (CSS has none)', () => {
    expect(fails(verdictOf({ js: 170, cssOver: true }, { js: 160, css: 20 }, 175), false)).toBe(true);
  });

  it('fails anything over its budget when strict', () => {
    expect(fails({ kind: 'within ceiling', ceiling: 270 }, true)).toBe(true);
  });
});

describe('updating the ceilings', () => {
  const measured = (entries: [string, number, Verdict][]) => new Map(entries.map(([path, js, verdict]) => [path, { js, verdict }]));

  it('records each route over budget at its size plus the room, rounded up to 0.1 KB', () => {
    const next = nextCeilings(
      {},
      measured([
        ['/b', 270.01, { kind: 'over' }],
        ['/a', 280, { kind: 'within ceiling', ceiling: 290 }],
      ]),
    );
    expect(next).toEqual({ '/a': 280 + CEILING_ROOM_KB, '/b': 271.1 });
    expect(Object.keys(next)).toEqual(['/a', '/b']);
  });

  it('drops the ceiling of a route now within budget, and keeps those the run did not measure', () => {
    expect(nextCeilings({ '/a': 290, '/c': 300 }, measured([['/a', 250, { kind: 'within budget', staleCeiling: 290 }]]))).toEqual({
      '/c': 300,
    });
  });
});
