import { apiPaths, typeOfOffenceListResponseSchema, typeOfOffenceResponseSchema } from '@contract';
import { typeOfOffences as fixtureTypes } from '@fixtures';
import { request, signInEveryone, snapshot } from '../complaint-test-client';

// The rules of server/routes/type-of-offence-writes.test.ts, against the mocks.

beforeEach(signInEveryone);

const created = async (response: Response) => typeOfOffenceResponseSchema.parse(await response.json()).data;

describe('types of offence in the mocks', () => {
  it('creates one with a unique name, whatever its case, and lists it', async () => {
    const response = await request('admin', 'POST', apiPaths.typeOfOffences, { name: '  Noise after hours ', defaultRate: 75.5 });
    expect(response.status).toBe(201);
    const row = await created(response);
    expect(row).toMatchObject({ name: 'Noise after hours', description: '', defaultRate: 75.5, isActive: true });
    const list = typeOfOffenceListResponseSchema.parse(await (await request('officer', 'GET', `${apiPaths.typeOfOffences}?q=noise`)).json());
    expect(list.data.items.map((i) => i.id)).toEqual([row.id]);
    const clash = await request('admin', 'POST', apiPaths.typeOfOffences, { name: 'NOISE AFTER HOURS', defaultRate: 1 });
    expect(clash.status).toBe(409);
    expect((await clash.json()).errors.name).toBeDefined();
  });

  it('deactivates one in use instead of deleting it, and deletes one nothing uses', async () => {
    const inUse = fixtureTypes[0]!.id;
    expect((await request('admin', 'DELETE', apiPaths.typeOfOffence(inUse))).status).toBe(409);
    const off = await created(await request('admin', 'PATCH', apiPaths.typeOfOffence(inUse), { isActive: false }));
    expect(off.isActive).toBe(false);
    const fresh = await created(await request('admin', 'POST', apiPaths.typeOfOffences, { name: 'Unused kind', defaultRate: 0 }));
    expect((await request('admin', 'DELETE', apiPaths.typeOfOffence(fresh.id))).status).toBe(204);
    expect((await request('admin', 'DELETE', apiPaths.typeOfOffence(fresh.id))).status).toBe(404);
  });

  it('refuses bad input and officers, changing nothing', async () => {
    const before = snapshot();
    for (const body of [{ name: '', defaultRate: 1 }, { name: 'X', defaultRate: -1 }, { name: 'X' }, { name: 'X', defaultRate: 1, id: 9 }]) {
      expect((await request('admin', 'POST', apiPaths.typeOfOffences, body)).status).toBe(400);
    }
    expect((await request('admin', 'PATCH', apiPaths.typeOfOffence(fixtureTypes[1]!.id), { name: fixtureTypes[2]!.name })).status).toBe(409);
    expect((await request('officer', 'POST', apiPaths.typeOfOffences, { name: 'Officer made', defaultRate: 1 })).status).toBe(403);
    expect((await request('officer', 'PATCH', apiPaths.typeOfOffence(fixtureTypes[1]!.id), { isActive: false })).status).toBe(403);
    expect((await request('officer', 'DELETE', apiPaths.typeOfOffence(fixtureTypes[1]!.id))).status).toBe(403);
    expect(snapshot().typeOfOffences).toEqual(before.typeOfOffences);
  });
});
