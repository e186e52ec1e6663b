import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintListResponseSchema } from '../../contract/complaints';
import { placeCursor } from '../../domain/lists';
import { complaints as fixtureComplaints } from '../../fixtures';
import { createTestApp, type Role } from '../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
const headers: Partial<Record<Role, Record<string, string>>> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['officer', 'contractor'] as const) headers[role] = await t.signIn(role);
});
afterAll(() => t.close());

const get = (role: Role, url: string) => t.app.inject({ method: 'GET', url, headers: headers[role]! });

async function list(role: Role, query: string) {
  const res = await get(role, `/api/v1/complaints?${query}`);
  expect(res.statusCode).toBe(200);
  return complaintListResponseSchema.parse(res.json()).data;
}

// What only the server has: the files behind the signed addresses (the lists are in api-tests/).
describe('attachments', () => {
  const FILE_URL = /^\/api\/v1\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\?exp=\d+&sig=[A-Za-z0-9_-]+$/;

  it('are signed file addresses that answer the PNG bytes', async () => {
    const data = await list('officer', 'history=true&limit=1000');
    const files = data.items.flatMap((c) => [...c.complaintAttachments, ...c.justificationAttachments]);
    expect(files.length).toBe(fixtureComplaints.reduce((n, c) => n + c.complaintAttachments.length + c.justificationAttachments.length, 0));
    for (const a of files) expect(a.file).toMatch(FILE_URL);

    const res = await t.app.inject({ method: 'GET', url: files[0]!.file });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });

  it('justification attachments are served too', async () => {
    const withJustification = (await list('officer', 'history=true&limit=1000')).items.find((c) => c.justificationAttachments.length > 0)!;
    const res = await t.app.inject({ method: 'GET', url: withJustification.justificationAttachments[0]!.file });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.length).toBeGreaterThan(8);
  });
});

// The server reads a place's value back as its sort field's SQL type; a value made up to be
// something else is the caller's mistake (400), never a database error (500).
describe('a page by place', () => {
  it.each([
    ['-dateOfMisconduct', 'not a time'],
    ['qty', '1.5e99'],
    ['location', 'Jalan\u0000'],
  ])('refuses a made-up value for %s with 400 on cursor', async (sort, value) => {
    const cursor = placeCursor('after', { field: sort.replace('-', ''), descending: sort.startsWith('-') }, { value, id: 1 });
    const res = await get('officer', `/api/v1/complaints?history=true&sort=${sort}&cursor=${cursor}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.cursor).toBeDefined();
  });
});
