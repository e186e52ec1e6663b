import { describe, expect, it } from 'vitest';
import { LIST_Q_MAX } from '../contract/list-limits';
import { REFERENCE_LIST_KEYS } from '../contract/reference-lists';
import { claimRecords as fixtureClaimRecords } from '../fixtures';
import type { ApiResponse } from './support/client';
import { connectApi, expectProblem } from './support/api';

const api = connectApi();

/**
 * Every `.csv` route, how to ask it, and a filter it refuses (`null`: it takes none beside
 * `lang` and `tz`). A back end that answers a `.csv` route missing here fails the first test,
 * so a new export is held to the same rules.
 */
const EXPORTS: Record<string, { path: string; sorted: boolean; badFilter: string | null }> = {
  ...Object.fromEntries(
    REFERENCE_LIST_KEYS.map((key) => [`GET /api/v1/${key}.csv`, { path: `api/v1/${key}.csv`, sorted: true, badFilter: 'active=maybe' }]),
  ),
  'GET /api/v1/type-of-offences.csv': { path: 'api/v1/type-of-offences.csv', sorted: true, badFilter: `q=${'x'.repeat(LIST_Q_MAX + 1)}` },
  'GET /api/v1/organizations.csv': { path: 'api/v1/organizations.csv', sorted: true, badFilter: 'zoneId=zone' },
  'GET /api/v1/personas.csv': { path: 'api/v1/personas.csv', sorted: true, badFilter: 'organizationId=0' },
  'GET /api/v1/formulas.csv': { path: 'api/v1/formulas.csv', sorted: true, badFilter: 'active=yes' },
  'GET /api/v1/contracts.csv': { path: 'api/v1/contracts.csv', sorted: true, badFilter: 'activeOn=2026-02-30' },
  'GET /api/v1/complaints.csv': { path: 'api/v1/complaints.csv?history=true', sorted: true, badFilter: 'status=5' },
  'GET /api/v1/claim-records/:id.csv': {
    path: `api/v1/claim-records/${fixtureClaimRecords.find((r) => r.status === 'issued')!.id}.csv`,
    sorted: false,
    badFilter: null,
  },
};

const ask = (path: string, query: string) => api.call('GET', `${path}${path.includes('?') ? '&' : '?'}${query}`, { as: 'admin' });

/** A refusal before the first byte of the file: a 400 problem document, and nothing of the CSV. */
function expectRefused(res: ApiResponse, field: string) {
  const problem = expectProblem(res, 400);
  expect(Object.keys(problem.errors ?? {}).join(' '), res.text).toContain(field);
  expect(res.headers['content-disposition']).toBeUndefined();
}

describe('the CSV exports', () => {
  it('are every .csv route the back end answers', async () => {
    const answered = (await api.routes()).filter((route) => route.startsWith('GET ') && route.endsWith('.csv'));
    expect(answered.sort()).toEqual(Object.keys(EXPORTS).sort());
  });

  describe.each(Object.entries(EXPORTS))('%s', (_route, { path, sorted, badFilter }) => {
    it('answers the file as asked, in a known time zone and language', async () => {
      const res = await ask(path, 'tz=Asia/Kuala_Lumpur&lang=ms');
      expect(res.status, res.text).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
      expect(res.text).toMatch(/^[^\r\n]+\r\n/);
    });

    it.runIf(sorted)('refuses a sort it does not take, before the first byte', async () => {
      expectRefused(await ask(path, 'sort=abc'), 'sort');
      expectRefused(await ask(path, 'sort=-'), 'sort');
    });

    it.runIf(badFilter !== null)('refuses a filter it cannot read, before the first byte', async () => {
      expectRefused(await ask(path, badFilter!), badFilter!.split('=')[0]!);
    });

    it('refuses an unknown time zone or language, before the first byte', async () => {
      expectRefused(await ask(path, 'tz=Mars/Olympus'), 'tz');
      expectRefused(await ask(path, 'lang=fr'), 'lang');
    });

    it('asks who is calling before it reads the query: an outsider learns nothing of its rules', async () => {
      const res = await api.call('GET', `${path}${path.includes('?') ? '&' : '?'}lang=fr&sort=abc&tz=Mars/Olympus`);
      expectProblem(res, 401);
      expect(res.headers['content-disposition']).toBeUndefined();
    });
  });

  it('refuses a claim record id that cannot be one, before the first byte', async () => {
    expectRefused(await ask('api/v1/claim-records/0.csv', 'tz=UTC'), 'id');
  });
});
