import { describe, expect, it } from 'vitest';
import { menuPrivilegesResponseSchema } from '../contract/menu';
import { type TypeOfOffence, typeOfOffenceListResponseSchema } from '../contract/type-of-offences';
import { demoAccounts, menusByUserType, typeOfOffences as fixtureOffences } from '../fixtures';
import { connectInjector, type Role } from './support/inject';
import { expectProblem } from '../server/test/expect-problem';

type TestApp = ReturnType<typeof connectInjector>;
const ROLES = ['admin', 'officer', 'verifier', 'contractor'] as const satisfies readonly Role[];

const t: TestApp = connectInjector();
const sessions = new Map<TestApp, Map<Role, Record<string, string>>>();
/** One sign-in per app and role: argon2 makes each one slow. */
async function as(app: TestApp, role: Role) {
  const byRole = sessions.get(app) ?? new Map<Role, Record<string, string>>();
  sessions.set(app, byRole);
  if (!byRole.has(role)) byRole.set(role, await app.signIn(role));
  return byRole.get(role)!;
}

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) => app.app.inject({ method: 'GET', url, headers });

const byName = <T extends { name: string }>(list: readonly T[]) =>
  [...list].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

describe('GET /api/v1/menu/privileges', () => {
  it.each(ROLES)('answers %s exactly its seeded menu: groups, icons, items, urls and order', async (role) => {
    const res = await get(t, '/api/v1/menu/privileges', await as(t, role));
    expect(res.statusCode).toBe(200);
    const body = menuPrivilegesResponseSchema.parse(res.json());
    const withoutActions = body.data.items.map((g) => ({ ...g, menuItems: g.menuItems.map(({ actions: _actions, ...item }) => item) }));
    expect(withoutActions).toEqual(menusByUserType[demoAccounts[role].userTypeKey]);
  });

  it('tells each item what the matrix lets the caller do there', async () => {
    const actionsOf = async (role: (typeof ROLES)[number]) => {
      const body = menuPrivilegesResponseSchema.parse((await get(t, '/api/v1/menu/privileges', await as(t, role))).json());
      return Object.fromEntries(body.data.items.flatMap((g) => g.menuItems.map((i) => [i.url, i.actions])));
    };
    expect((await actionsOf('officer'))['/manage-complaint/complaint']).toEqual(['view', 'create', 'update', 'delete']);
    expect((await actionsOf('officer'))['/manage-complaint/type-of-offence']).toEqual(['view']);
    expect((await actionsOf('verifier'))['/manage-complaint/verify-complaint']).toEqual(['view', 'verify']);
    expect((await actionsOf('contractor'))['/manage-complaint/verify-complaint']).toEqual(['view', 'justify']);
    expect((await actionsOf('admin'))['/manage-complaint/type-of-offence']).toEqual(['view', 'create', 'update', 'delete']);
  });

  it('answers 401 without a session', async () => {
    expectProblem(await get(t, '/api/v1/menu/privileges'), 401);
  });
});

describe('GET /api/v1/type-of-offences', () => {
  it.each(ROLES)('answers %s all 12, active and inactive, by name', async (role) => {
    const res = await get(t, '/api/v1/type-of-offences?limit=1000', await as(t, role));
    expect(res.statusCode).toBe(200);
    const { data } = typeOfOffenceListResponseSchema.parse(res.json());
    expect(data.items).toEqual(byName(fixtureOffences));
    expect(data.pagination).toEqual({ page: 1, limit: 1000, totalRow: 12, totalPage: 1 });
    expect(data.items.filter((o) => !o.isActive)).toHaveLength(1);
  });

  it('pages 10 at a time by default, page 2 holding the last 2', async () => {
    const headers = await as(t, 'officer');
    const one = typeOfOffenceListResponseSchema.parse((await get(t, '/api/v1/type-of-offences', headers)).json()).data;
    const two = typeOfOffenceListResponseSchema.parse((await get(t, '/api/v1/type-of-offences?page=2', headers)).json()).data;
    expect(one.pagination).toEqual({ page: 1, limit: 10, totalRow: 12, totalPage: 2 });
    expect([...one.items, ...two.items].map((o) => o.id)).toEqual(byName(fixtureOffences).map((o) => o.id));
  });

  it('refuses limit over 1000 with 400 and errors.limit, and anonymous callers with 401', async () => {
    const res = await get(t, '/api/v1/type-of-offences?limit=1001', await as(t, 'officer'));
    expectProblem(res, 400);
    expect(res.json().errors).toHaveProperty('limit');
    expectProblem(await get(t, '/api/v1/type-of-offences'), 401);
  });
});

describe('GET /api/v1/type-of-offences: sort and q', () => {
  const ids = (list: readonly { id: number }[]) => list.map((o) => o.id);
  /** Ascending by key, ties by id ascending: what `sort=field` promises; `-field` is its reverse. */
  const ascending = (key: (o: TypeOfOffence) => string | number) =>
    ids(
      [...fixtureOffences].sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        return (x < y ? -1 : x > y ? 1 : 0) || a.id - b.id;
      }),
    );
  async function list(query: string) {
    const res = await get(t, `/api/v1/type-of-offences?${query}`, await as(t, 'officer'));
    expect(res.statusCode).toBe(200);
    return typeOfOffenceListResponseSchema.parse(res.json()).data;
  }

  it('sorts by name, defaultRate or isActive, ascending or with - descending', async () => {
    for (const [field, key] of [
      ['name', (o: TypeOfOffence) => o.name],
      ['defaultRate', (o: TypeOfOffence) => o.defaultRate],
      ['isActive', (o: TypeOfOffence) => Number(o.isActive)],
    ] as const) {
      expect(ids((await list(`limit=1000&sort=${field}`)).items)).toEqual(ascending(key));
      expect(ids((await list(`limit=1000&sort=-${field}`)).items)).toEqual(ascending(key).reverse());
    }
  });

  it('searches name and description for q, ignoring case, by name unless sorted', async () => {
    const matching = (needle: string) =>
      byName(fixtureOffences.filter((o) => `${o.name}\n${o.description}`.toLowerCase().includes(needle)));
    const collection = await list('limit=1000&q=COLLECTION');
    expect(collection.items).toEqual(matching('collection'));
    expect(collection.items.some((o) => !/collection/i.test(o.name))).toBe(true);
    expect(collection.pagination.totalRow).toBe(matching('collection').length);
    const dearestFirst = ascending((o) => o.defaultRate).reverse();
    const sorted = await list('limit=1000&q=collection&sort=-defaultRate');
    expect(ids(sorted.items)).toEqual(dearestFirst.filter((id) => ids(matching('collection')).includes(id)));
  });

  it('answers an empty page for a q that matches nothing', async () => {
    const none = await list('q=durian');
    expect(none).toEqual({ items: [], pagination: { page: 1, limit: 10, totalRow: 0, totalPage: 0 } });
  });

  it('pages the filtered list: the totals count only what q matches', async () => {
    const withNot = byName(fixtureOffences.filter((o) => /not/i.test(o.name + o.description)));
    expect(withNot.length).toBeGreaterThan(3);
    const pagination = { limit: 3, totalRow: withNot.length, totalPage: Math.ceil(withNot.length / 3) };
    const one = await list('limit=3&page=1&q=not');
    const two = await list('limit=3&page=2&q=not');
    expect(ids([...one.items, ...two.items])).toEqual(ids(withNot).slice(0, 6));
    expect([one.pagination, two.pagination]).toEqual([
      { page: 1, ...pagination },
      { page: 2, ...pagination },
    ]);
    expect(await list('limit=3&page=9&q=not')).toEqual({ items: [], pagination: { page: 9, ...pagination } });
  });

  it('refuses a sort field outside the contract with 400 and errors.sort only', async () => {
    for (const sort of ['description', '-id', 'default_rate', '-']) {
      const res = await get(t, `/api/v1/type-of-offences?sort=${encodeURIComponent(sort)}`, await as(t, 'officer'));
      const problem = expectProblem(res, 400);
      expect(Object.keys(problem.errors ?? {})).toEqual(['sort']);
    }
    expect((await list('limit=1000')).items).toEqual(byName(fixtureOffences));
  });
});
