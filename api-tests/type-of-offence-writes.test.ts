import { beforeAll, describe, expect, it } from 'vitest';
import { typeOfOffenceListResponseSchema, typeOfOffenceResponseSchema } from '../contract/type-of-offences';
import { typeOfOffences as fixtureTypes } from '../fixtures';
import { expectProblem } from '../server/test/expect-problem';
import { connectInjector, type Role } from './support/inject';

const t = connectInjector();
const as = {} as Record<Role, Record<string, string>>;
beforeAll(async () => {
  for (const role of ['admin', 'officer'] as const) as[role] = await t.signIn(role);
});

const call = (role: Role, method: 'POST' | 'PATCH' | 'DELETE' | 'GET', path: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/v1/${path}`, headers: as[role], ...(payload ? { payload } : {}) });
/** The types of offence as a caller sees them, every one of them. */
const all = async () => typeOfOffenceListResponseSchema.parse((await call('admin', 'GET', 'type-of-offences?limit=1000')).json()).data;
const count = async () => (await all()).pagination.totalRow;

describe('types of offence', () => {
  it('creates one with a unique name, whatever its case, and lists it', async () => {
    const res = await call('admin', 'POST', 'type-of-offences', {
      name: '  Noise after hours ',
      description: 'Collection before 6 am.',
      defaultRate: 75.5,
    });
    expect(res.statusCode).toBe(201);
    const created = typeOfOffenceResponseSchema.parse(res.json()).data;
    expect(created).toMatchObject({ name: 'Noise after hours', defaultRate: 75.5, isActive: true });
    const list = typeOfOffenceListResponseSchema.parse((await call('officer', 'GET', 'type-of-offences?q=noise')).json());
    expect(list.data.items.map((i) => i.id)).toEqual([created.id]);

    const clash = expectProblem(await call('admin', 'POST', 'type-of-offences', { name: 'NOISE AFTER HOURS', defaultRate: 1 }), 409);
    expect(clash.errors?.name).toBeDefined();
  });

  it('renames, re-rates and deactivates; a rename onto another name is refused', async () => {
    const id = fixtureTypes[3]!.id;
    const changed = typeOfOffenceResponseSchema.parse(
      (await call('admin', 'PATCH', `type-of-offences/${id}`, { defaultRate: 90, isActive: false })).json(),
    ).data;
    expect(changed).toMatchObject({ id, defaultRate: 90, isActive: false });
    expectProblem(await call('admin', 'PATCH', `type-of-offences/${id}`, { name: fixtureTypes[0]!.name.toUpperCase() }), 409);
    const row = (await all()).items.find((item) => item.id === id);
    expect(row!.name).toBe(fixtureTypes[3]!.name);
    expectProblem(await call('admin', 'PATCH', 'type-of-offences/99999', { isActive: false }), 404);
  });

  it('deletes only one nothing uses; one in use stays and must be deactivated', async () => {
    const inUse = fixtureTypes[0]!.id;
    const problem = expectProblem(await call('admin', 'DELETE', `type-of-offences/${inUse}`), 409);
    expect(problem.detail).toContain('deactivate');
    const fresh = typeOfOffenceResponseSchema.parse(
      (await call('admin', 'POST', 'type-of-offences', { name: 'Unused kind', defaultRate: 0 })).json(),
    ).data;
    const before = await count();
    expect((await call('admin', 'DELETE', `type-of-offences/${fresh.id}`)).statusCode).toBe(204);
    expect(await count()).toBe(before - 1);
    expectProblem(await call('admin', 'DELETE', `type-of-offences/${fresh.id}`), 404);
  });

  it('refuses bad input and callers the matrix does not allow, changing nothing', async () => {
    const before = await count();
    for (const payload of [
      { name: '', defaultRate: 1 },
      { name: 'X', defaultRate: -1 },
      { name: 'X', defaultRate: 1.234 },
      { name: 'X', defaultRate: 1, id: 5 },
      { name: 'X' },
    ]) {
      expectProblem(await call('admin', 'POST', 'type-of-offences', payload), 400);
    }
    expectProblem(await call('officer', 'POST', 'type-of-offences', { name: 'Officer made', defaultRate: 1 }), 403);
    expectProblem(await call('officer', 'PATCH', `type-of-offences/${fixtureTypes[1]!.id}`, { isActive: false }), 403);
    expectProblem(await call('officer', 'DELETE', `type-of-offences/${fixtureTypes[1]!.id}`), 403);
    expect(await count()).toBe(before);
  });
});
