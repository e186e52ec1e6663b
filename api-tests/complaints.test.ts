import { beforeAll, describe, expect, it } from 'vitest';
import { complaintListResponseSchema, complaintResponseSchema, type Complaint } from '../contract/complaints';
import {
  complaints as fixtureComplaints,
  contractorOrganizationComplaints,
  DISTINCTIVE_COMPLAINT_ID,
  type FixtureComplaint,
} from '../fixtures';
import { connectInjector, type Role } from './support/inject';
import { expectProblem } from '../server/test/expect-problem';

const t = connectInjector();
const headers: Partial<Record<Role, Record<string, string>>> = {};
beforeAll(async () => {
  for (const role of ['officer', 'contractor'] as const) headers[role] = await t.signIn(role);
});

const get = (role: Role, url: string) => t.app.inject({ method: 'GET', url, headers: headers[role]! });

async function list(role: Role, query: string) {
  const res = await get(role, `/api/v1/complaints?${query}`);
  expect(res.statusCode).toBe(200);
  return complaintListResponseSchema.parse(res.json()).data;
}

const newestFirst = (set: readonly FixtureComplaint[]) =>
  [...set].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id);
const open = (set: readonly FixtureComplaint[]) => set.filter((c) => c.status === 1 || c.status === 2);
const ids = (items: readonly { id: number }[]) => items.map((c) => c.id);

/** What the API shows of a fixture complaint (times compared as instants). */
function expectSame(actual: Complaint, want: FixtureComplaint) {
  expect(actual).toMatchObject({
    id: want.id,
    refNo: want.refNo,
    typeOfOffence: want.typeOfOffence,
    description: want.description,
    offender: want.offender,
    location: want.location,
    qty: want.qty,
    justification: want.justification,
    status: want.status,
    statusText: want.statusText,
    remark: want.remark,
  });
  expect(Date.parse(actual.createdAt)).toBe(Date.parse(want.createdAt));
  expect(Date.parse(actual.dateOfMisconduct)).toBe(Date.parse(want.dateOfMisconduct));
  expect(ids(actual.complaintAttachments)).toEqual(ids(want.complaintAttachments));
  expect(ids(actual.justificationAttachments)).toEqual(ids(want.justificationAttachments));
}

describe('GET /api/v1/complaints', () => {
  it('history=true answers all 64 to an officer, newest first by createdAt', async () => {
    const data = await list('officer', 'history=true&limit=1000');
    expect(data.pagination).toEqual({
      page: 1,
      limit: 1000,
      totalRow: 64,
      totalPage: 1,
      totalEstimated: false,
      next: null,
      previous: null,
    });
    const expected = newestFirst(fixtureComplaints);
    expect(ids(data.items)).toEqual(ids(expected));
    expect(data.items[0]?.id).toBe(DISTINCTIVE_COMPLAINT_ID.newest);
    const times = data.items.map((c) => Date.parse(c.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    data.items.forEach((item, i) => expectSame(item, expected[i]!));
  });

  it('without history answers only the open ones (1 Submitted, 2 Justified)', async () => {
    const data = await list('officer', 'limit=1000');
    expect(ids(data.items)).toEqual(ids(newestFirst(open(fixtureComplaints))));
    expect(data.pagination.totalRow).toBe(open(fixtureComplaints).length);
    expect(new Set(data.items.map((c) => c.status))).toEqual(new Set([1, 2]));
    expect(ids(await list('officer', 'history=false&limit=1000').then((d) => d.items))).toEqual(ids(data.items));
  });

  it('shows a contractor only its own organisation’s complaints, with and without history', async () => {
    const history = await list('contractor', 'history=true&limit=1000');
    expect(ids(history.items)).toEqual(ids(newestFirst(contractorOrganizationComplaints)));
    expect(history.pagination.totalRow).toBe(contractorOrganizationComplaints.length);
    const current = await list('contractor', 'limit=1000');
    expect(ids(current.items)).toEqual(ids(newestFirst(open(contractorOrganizationComplaints))));
    expect(current.pagination.totalRow).toBe(open(contractorOrganizationComplaints).length);
  });

  it('pages consistently: page 2 of limit 10 continues page 1', async () => {
    const all = ids(newestFirst(fixtureComplaints));
    const one = await list('officer', 'history=true&page=1&limit=10');
    const two = await list('officer', 'history=true&page=2&limit=10');
    expect(ids(one.items)).toEqual(all.slice(0, 10));
    expect(ids(two.items)).toEqual(all.slice(10, 20));
    expect(two.pagination).toMatchObject({ page: 2, limit: 10, totalRow: 64, totalPage: 7, totalEstimated: false });
    expect(two.pagination.next).toEqual(expect.any(String));
    expect(two.pagination.previous).toEqual(expect.any(String));
    const last = await list('officer', 'history=true&page=7&limit=10');
    expect(ids(last.items)).toEqual(all.slice(60));
    expect((await list('officer', 'history=true&page=8&limit=10')).items).toEqual([]);
  });

  it('defaults to page 1 of 10', async () => {
    const data = await list('officer', 'history=true');
    expect(data.items).toHaveLength(10);
    expect(data.pagination).toMatchObject({ page: 1, limit: 10, totalRow: 64 });
  });

  it('sort=-qty orders by qty descending, sort=qty ascending', async () => {
    const down = (await list('officer', 'history=true&limit=1000&sort=-qty')).items.map((c) => c.qty);
    expect(down).toHaveLength(64);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    expect(down[0]).toBe(Math.max(...fixtureComplaints.map((c) => c.qty)));
    const up = (await list('officer', 'history=true&limit=1000&sort=qty')).items.map((c) => c.qty);
    expect(up).toEqual([...up].sort((a, b) => a - b));
  });

  it('refuses an unknown sort field with 400 and errors.sort', async () => {
    const problem = expectProblem(await get('officer', '/api/v1/complaints?sort=bogus'), 400);
    expect(problem.errors?.sort?.length).toBeGreaterThan(0);
    expect(expectProblem(await get('officer', '/api/v1/complaints?sort=-passwordHash'), 400).errors).toHaveProperty('sort');
  });

  it('refuses limit over 1000 and an unknown history value with 400', async () => {
    expect(expectProblem(await get('officer', '/api/v1/complaints?limit=1001'), 400).errors).toHaveProperty('limit');
    expect(expectProblem(await get('officer', '/api/v1/complaints?history=yes'), 400).errors).toHaveProperty('history');
  });

  it('q=durian finds the one durian complaint, in any case', async () => {
    for (const q of ['durian', 'DURIAN']) {
      const data = await list('officer', `history=true&limit=1000&q=${q}`);
      expect(ids(data.items)).toEqual([DISTINCTIVE_COMPLAINT_ID.durianHusks]);
      expect(data.pagination.totalRow).toBe(1);
    }
  });

  it('treats % and _ in q as text, not wildcards', async () => {
    for (const q of ['%25', '_']) expect((await list('officer', `history=true&limit=1000&q=${q}`)).items).toEqual([]);
  });

  it('q stays inside a contractor’s own organisation', async () => {
    const other = fixtureComplaints.find((c) => c.organizationId !== contractorOrganizationComplaints[0]!.organizationId)!;
    expect((await list('contractor', `history=true&limit=1000&q=${other.refNo}`)).items).toEqual([]);
  });
});

describe('GET /api/v1/complaints/:id', () => {
  const own = contractorOrganizationComplaints[0]!;
  const other = fixtureComplaints.find((c) => c.organizationId !== own.organizationId)!;

  it('answers one complaint in the contract shape', async () => {
    const res = await get('officer', `/api/v1/complaints/${DISTINCTIVE_COMPLAINT_ID.durianHusks}`);
    expect(res.statusCode).toBe(200);
    expectSame(
      complaintResponseSchema.parse(res.json()).data,
      fixtureComplaints.find((c) => c.id === DISTINCTIVE_COMPLAINT_ID.durianHusks)!,
    );
  });

  it('answers a contractor its own organisation’s complaint, and 403 for another’s', async () => {
    const mine = await get('contractor', `/api/v1/complaints/${own.id}`);
    expect(mine.statusCode).toBe(200);
    expectSame(complaintResponseSchema.parse(mine.json()).data, own);
    const theirs = await get('contractor', `/api/v1/complaints/${other.id}`);
    expectProblem(theirs, 403);
    expect(theirs.body).not.toContain(other.refNo);
    expect(theirs.body).not.toContain(other.description);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expectProblem(await get('officer', '/api/v1/complaints/999999'), 404);
    expectProblem(await get('contractor', '/api/v1/complaints/999999'), 404);
    expect(expectProblem(await get('officer', '/api/v1/complaints/abc'), 400).errors).toHaveProperty('id');
  });
});
