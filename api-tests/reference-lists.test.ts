import { beforeEach, describe, expect, it } from 'vitest';
import { auditListResponseSchema } from '../contract/audit';
import { meResponseSchema } from '../contract/auth';
import {
  REFERENCE_LIST_KEYS,
  referenceListResponseSchema,
  referenceResponseSchema,
  type ReferenceListKey,
} from '../contract/reference-lists';
import { complaintResponseSchema } from '../contract/complaints';
import { accountTypes, contractorOrganizationComplaints, organizationTypes, positions, userTypes, zones, ZONE_ID } from '../fixtures';
import { connectApi, expectProblem, readAs } from './support/api';

const api = connectApi();
beforeEach(() => api.reset());

const FIXTURES: Record<ReferenceListKey, readonly { id: number; code: string; name: string; active: boolean }[]> = {
  'account-types': accountTypes,
  'user-types': userTypes,
  positions,
  zones,
  'organization-types': organizationTypes,
};
const list = async (key: ReferenceListKey, query = '') =>
  readAs(referenceListResponseSchema, await api.call('GET', `api/v1/${key}?${query}`, { as: 'admin' })).data;
const audit = async (query = '') =>
  readAs(auditListResponseSchema, await api.call('GET', `api/v1/audit-events?limit=1000&${query}`, { as: 'admin' })).data;
const codePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe.each(REFERENCE_LIST_KEYS)('the %s list', (key) => {
  it('pages by name, sorts, searches and filters by active, keeping inactive records listed', async () => {
    const fixtures = FIXTURES[key];
    const first = await list(key);
    expect(first.pagination).toEqual({ page: 1, limit: 10, totalRow: fixtures.length, totalPage: Math.ceil(fixtures.length / 10) });
    expect(first.items.map((r) => r.name)).toEqual(
      fixtures
        .map((r) => r.name)
        .sort(codePoint)
        .slice(0, 10),
    );
    const second = await list(key, 'page=2');
    expect(second.items).toHaveLength(fixtures.length - 10);

    const byCode = await list(key, 'sort=-code&limit=1000');
    expect(byCode.items.map((r) => r.code)).toEqual(
      fixtures
        .map((r) => r.code)
        .sort(codePoint)
        .reverse(),
    );

    const inactive = await list(key, 'active=false&limit=1000');
    expect(inactive.items.map((r) => r.id)).toEqual(fixtures.filter((r) => !r.active).map((r) => r.id));
    expect((await list(key, 'active=true&limit=1000')).pagination.totalRow).toBe(fixtures.filter((r) => r.active).length);

    const target = fixtures[1]!;
    const found = await list(key, `q=${encodeURIComponent(target.code.toLowerCase())}&limit=1000`);
    expect(found.items.map((r) => r.id)).toContain(target.id);
    expectProblem(await api.call('GET', `api/v1/${key}?sort=nonsense`, { as: 'admin' }), 400);
    expectProblem(await api.call('GET', `api/v1/${key}?active=maybe`, { as: 'admin' }), 400);
  });

  it('creates with unique name and code whatever their case, trimmed; a clash names each field and writes nothing', async () => {
    const created = readAs(
      referenceResponseSchema,
      await api.call('POST', `api/v1/${key}`, { as: 'admin', body: { code: ' NEW-1 ', name: '  Brand new ' } }),
    );
    expect(created.data).toMatchObject({ code: 'NEW-1', name: 'Brand new', description: '', active: true });
    expect(readAs(referenceResponseSchema, await api.call('GET', `api/v1/${key}/${created.data.id}`, { as: 'admin' })).data).toEqual(
      created.data,
    );

    const existing = FIXTURES[key][0]!;
    const clash = expectProblem(
      await api.call('POST', `api/v1/${key}`, {
        as: 'admin',
        body: { code: existing.code.toLowerCase(), name: existing.name.toUpperCase() },
      }),
      409,
    );
    expect(Object.keys(clash.errors ?? {}).sort()).toEqual(['code', 'name']);
    expect(clash.code).toBe('valueTaken');
    const codeOnly = expectProblem(await api.call('POST', `api/v1/${key}`, { as: 'admin', body: { code: 'new-1', name: 'Another' } }), 409);
    expect(Object.keys(codeOnly.errors ?? {})).toEqual(['code']);

    const before = (await list(key)).pagination.totalRow;
    for (const body of [
      { code: '', name: 'X' },
      { code: 'has space', name: 'X' },
      { code: 'X' },
      { code: 'X', name: 'X', id: 99 },
      { code: 'X', name: 'a'.repeat(121) },
      { code: 'X', name: 'X', active: 'yes' },
    ]) {
      expectProblem(await api.call('POST', `api/v1/${key}`, { as: 'admin', body }), 400);
    }
    expect((await list(key)).pagination.totalRow).toBe(before);
  });

  it('changes and deactivates a record; a rename onto another record is refused and changes nothing', async () => {
    const [a, b] = FIXTURES[key];
    const changed = readAs(
      referenceResponseSchema,
      await api.call('PATCH', `api/v1/${key}/${b!.id}`, { as: 'admin', body: { description: 'Kept for reports.', active: false } }),
    ).data;
    expect(changed).toMatchObject({ id: b!.id, code: b!.code, description: 'Kept for reports.', active: false });
    expectProblem(await api.call('PATCH', `api/v1/${key}/${b!.id}`, { as: 'admin', body: { name: a!.name.toLowerCase() } }), 409);
    // Its own name in another case is no clash.
    readAs(
      referenceResponseSchema,
      await api.call('PATCH', `api/v1/${key}/${b!.id}`, { as: 'admin', body: { name: b!.name.toUpperCase() } }),
    );
    expect((await list(key, 'active=false&limit=1000')).items.map((r) => r.id)).toContain(b!.id);
    expectProblem(await api.call('PATCH', `api/v1/${key}/99999`, { as: 'admin', body: { active: false } }), 404);
    expectProblem(await api.call('PATCH', `api/v1/${key}/${b!.id}`, { as: 'admin', body: { code: 'bad code' } }), 400);
  });

  it('deletes a record nothing uses; one in use answers 409 saying what uses it', async () => {
    const made = readAs(
      referenceResponseSchema,
      await api.call('POST', `api/v1/${key}`, { as: 'admin', body: { code: 'GONE', name: 'Soon gone' } }),
    ).data;
    expect((await api.call('DELETE', `api/v1/${key}/${made.id}`, { as: 'admin' })).status).toBe(204);
    expectProblem(await api.call('DELETE', `api/v1/${key}/${made.id}`, { as: 'admin' }), 404);

    const inUse = expectProblem(await api.call('DELETE', `api/v1/${key}/${FIXTURES[key][0]!.id}`, { as: 'admin' }), 409);
    expect(inUse.code).toBe('inUse');
    expect(inUse.detail).toMatch(/^\d+ \w+.* uses? this .+; deactivate it instead\.$/);
    expect((await list(key, 'limit=1000')).items.map((r) => r.id)).toContain(FIXTURES[key][0]!.id);
  });

  it('exports the filtered records as CSV in the asked language', async () => {
    const res = await api.call('GET', `api/v1/${key}.csv?active=true&sort=code&lang=ms`, { as: 'admin' });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${key}.csv"`);
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Kod,Nama,Keterangan,Status');
    const active = FIXTURES[key].filter((r) => r.active);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(active.map((r) => r.code).sort(codePoint));
    expect(lines.slice(1).every((line) => line.endsWith(',Aktif'))).toBe(true);
    expectProblem(await api.call('GET', `api/v1/${key}.csv?tz=Mars/Base`, { as: 'admin' }), 400);
  });
});

describe('zones in use', () => {
  it('count each kind of record that points at them', async () => {
    const problem = expectProblem(await api.call('DELETE', `api/v1/zones/${ZONE_ID.central}`, { as: 'admin' }), 409);
    expect(problem.detail).toMatch(/^\d+ organisations?, \d+ personas? and \d+ contracts? use this zone; deactivate it instead\.$/);
  });
});

describe('a renamed user type', () => {
  it('is shown by its new name on its users', async () => {
    const officer = readAs(meResponseSchema, await api.call('GET', 'api/v1/me', { as: 'officer' })).data;
    await api.call('PATCH', `api/v1/user-types/${officer.userType.id}`, { as: 'admin', body: { name: 'Enforcement Officer' } });
    expect(readAs(meResponseSchema, await api.call('GET', 'api/v1/me', { as: 'officer' })).data.userType).toEqual({
      id: officer.userType.id,
      name: 'Enforcement Officer',
    });
  });
});

describe('the audit trail', () => {
  it('keeps one event per write with its actor, before and after; refused writes leave none', async () => {
    const made = readAs(
      referenceResponseSchema,
      await api.call('POST', 'api/v1/positions', { as: 'admin', body: { code: 'AUD', name: 'Auditor' } }),
    ).data;
    await api.call('PATCH', `api/v1/positions/${made.id}`, { as: 'admin', body: { active: false } });
    await api.call('DELETE', `api/v1/positions/${made.id}`, { as: 'admin' });
    expectProblem(
      await api.call('POST', 'api/v1/positions', { as: 'admin', body: { code: positions[0]!.code.toLowerCase(), name: 'Other' } }),
      409,
    );
    expectProblem(await api.call('DELETE', `api/v1/positions/${positions[0]!.id}`, { as: 'admin' }), 409);
    expectProblem(await api.call('POST', 'api/v1/positions', { as: 'officer', body: { code: 'OFF', name: 'Officer made' } }), 403);

    const events = (await audit(`entity=position&entityId=${made.id}`)).items;
    expect(events.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(events.every((e) => e.actor?.email === 'admin@example.com' && e.entity === 'position' && e.entityId === String(made.id))).toBe(
      true,
    );
    const [deleted, updated, created] = events;
    expect(created).toMatchObject({ before: null, after: made });
    expect(updated).toMatchObject({ before: made, after: { ...made, active: false } });
    expect(deleted).toMatchObject({ before: { ...made, active: false }, after: null });
    expect((await audit()).pagination.totalRow).toBe(3);
    expect(Date.parse(deleted!.at)).toBeGreaterThanOrEqual(Date.parse(created!.at));
  });

  it('filters by entity, actor and period; a period that ends before it starts is refused', async () => {
    await api.call('POST', 'api/v1/zones', { as: 'admin', body: { code: 'Z1', name: 'Zone one' } });
    await api.call('POST', 'api/v1/positions', { as: 'admin', body: { code: 'P1', name: 'Position one' } });
    expect((await audit('entity=zone')).items.map((e) => e.after?.code)).toEqual(['Z1']);
    const admin = readAs(meResponseSchema, await api.call('GET', 'api/v1/me', { as: 'admin' })).data;
    expect((await audit(`actorId=${admin.id}`)).pagination.totalRow).toBe(2);
    expect((await audit(`actorId=${admin.id + 1}`)).pagination.totalRow).toBe(0);
    const past = encodeURIComponent('2020-01-01T00:00:00+08:00');
    expect((await audit(`to=${past}`)).pagination.totalRow).toBe(0);
    expect((await audit(`from=${past}`)).pagination.totalRow).toBe(2);
    expectProblem(
      await api.call(
        'GET',
        `api/v1/audit-events?from=${encodeURIComponent('2026-02-01T00:00:00Z')}&to=${encodeURIComponent('2026-01-01T00:00:00Z')}`,
        { as: 'admin' },
      ),
      400,
    );
    expectProblem(await api.call('GET', 'api/v1/audit-events?entity=spaceship', { as: 'admin' }), 400);
  });
});

describe('the audit trail of the complaint workflow', () => {
  it('keeps registration, change, justification and decision, each with its actor, and no file address', async () => {
    const own = contractorOrganizationComplaints.find((c) => c.status === 1)!;
    const body = {
      typeOfOffenceId: 1,
      dateOfMisconduct: '2026-11-01T08:30:00+08:00',
      description: 'Bins left out.',
      organizationId: own.organizationId,
      contractId: own.contract!.id,
      offender: 'Crew B',
      location: 'Jalan Ampang',
      qty: 2,
    };
    const created = readAs(complaintResponseSchema, await api.call('POST', 'api/v1/complaints', { as: 'officer', body })).data;
    await api.call('PATCH', `api/v1/complaints/${created.id}`, { as: 'officer', body: { qty: 3 } });
    await api.call('POST', `api/v1/complaints/${created.id}/justify`, { as: 'contractor', body: { justification: 'Collected next day.' } });
    await api.call('POST', `api/v1/complaints/${created.id}/verify`, { as: 'verifier', body: { decision: 'fine' } });
    const events = (await audit(`entity=complaint&entityId=${created.id}`)).items;
    expect(events.map((e) => [e.action, e.actor?.email])).toEqual([
      ['verify', 'verifier@example.com'],
      ['justify', 'contractor@example.com'],
      ['update', 'officer@example.com'],
      ['create', 'officer@example.com'],
    ]);
    expect(events[3]!.after).toMatchObject({ refNo: created.refNo, status: 1, qty: 2 });
    expect(events[2]).toMatchObject({ before: { qty: 2 }, after: { qty: 3 } });
    expect(events[1]).toMatchObject({ before: { status: 1 }, after: { status: 2, justification: 'Collected next day.' } });
    expect(events[0]).toMatchObject({ before: { status: 2 }, after: { status: 3 } });
    expect(JSON.stringify(events)).not.toMatch(/https?:|\/api\/v1\/files/);
  });
});
