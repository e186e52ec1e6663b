import {
  apiPaths,
  problemTypes,
  typeOfOffenceListResponseSchema,
  type TypeOfOffence,
} from '@contract';
import { demoAccounts, typeOfOffences } from '@fixtures';
import { call, readAs, readProblem, signIn } from '../api-test-client';

// src/test/setup.ts starts the MSW node server for every test file and resets the mock db
// after each test.

describe('types of offence: sort and q, as the server answers them', () => {
  const ids = (list: readonly { id: number }[]) => list.map((o) => o.id);
  /** Ascending by key, ties by id ascending: what `sort=field` promises; `-field` is its reverse. */
  const ascending = (key: (o: TypeOfOffence) => string | number) =>
    ids(
      [...typeOfOffences].sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        return (x < y ? -1 : x > y ? 1 : 0) || a.id - b.id;
      }),
    );
  const matching = (needle: string) =>
    typeOfOffences.filter((o) => `${o.name}\n${o.description}`.toLowerCase().includes(needle));

  async function list(token: string, query: string) {
    return (
      await readAs(
        typeOfOffenceListResponseSchema,
        await call(`${apiPaths.typeOfOffences}?${query}`, { token }),
      )
    ).data;
  }

  it('sorts by name, defaultRate or isActive, ascending or with - descending', async () => {
    const token = await signIn(demoAccounts.officer.email);
    for (const [field, key] of [
      ['name', (o) => o.name],
      ['defaultRate', (o) => o.defaultRate],
      ['isActive', (o) => Number(o.isActive)],
    ] as const satisfies readonly [string, (o: TypeOfOffence) => string | number][]) {
      expect(ids((await list(token, `limit=1000&sort=${field}`)).items)).toEqual(ascending(key));
      expect(ids((await list(token, `limit=1000&sort=-${field}`)).items)).toEqual(
        ascending(key).reverse(),
      );
    }
  });

  it('searches name and description for q, ignoring case, with totals of the matches', async () => {
    const token = await signIn(demoAccounts.officer.email);
    const collection = await list(token, 'limit=1000&q=COLLECTION&sort=name');
    expect(ids(collection.items)).toEqual(
      ascending((o) => o.name).filter((id) => ids(matching('collection')).includes(id)),
    );
    expect(collection.items.some((o) => !/collection/i.test(o.name))).toBe(true);

    const none = await list(token, 'q=durian');
    expect(none).toEqual({ items: [], pagination: { page: 1, limit: 10, totalRow: 0, totalPage: 0 } });

    const total = matching('not').length;
    const second = await list(token, 'limit=3&page=2&q=not');
    expect(second.items).toHaveLength(Math.min(3, total - 3));
    expect(second.pagination).toEqual({ page: 2, limit: 3, totalRow: total, totalPage: Math.ceil(total / 3) });
  });

  it('refuses a sort field outside the contract with 400 and errors.sort only', async () => {
    const token = await signIn(demoAccounts.officer.email);
    for (const sort of ['description', '-id', '-']) {
      const problem = await readProblem(
        await call(`${apiPaths.typeOfOffences}?sort=${encodeURIComponent(sort)}`, { token }),
        400,
        problemTypes.validation,
      );
      expect(Object.keys(problem.errors ?? {})).toEqual(['sort']);
    }
  });
});
