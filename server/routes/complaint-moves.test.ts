import { eq, inArray, sql } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintResponseSchema, type ComplaintDetail } from '../../contract/complaints';
import { uploadFileResponseSchema } from '../../contract/files';
import { complaints as fixtureComplaints, ORGANIZATION_ID } from '../../fixtures';
import { complaints, complaintStatusHistory, files, notifications } from '../db/schema';
import { expectProblem } from '../test/expect-problem';
import { imageBytes, multipartFile } from '../test/multipart';
import { createTestApp, type Role } from '../test/test-app';
import { newComplaint } from '../test/complaints';

let t: Awaited<ReturnType<typeof createTestApp>>;
const as = {} as Record<Role, Record<string, string>>;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'officer', 'verifier', 'contractor'] as const) as[role] = await t.signIn(role);
});
afterAll(() => t.close());

/** Fixture complaints not yet touched by a test, by status and organisation. */
const used = new Set<number>();
function fixture(status: number, organizationId: number = ORGANIZATION_ID.alamBersih) {
  const found = fixtureComplaints.find((c) => c.status === status && c.organizationId === organizationId && !used.has(c.id));
  if (!found) throw new Error(`no unused fixture complaint in status ${status} of organisation ${organizationId}`);
  used.add(found.id);
  return found.id;
}

/** A fresh complaint in status 1, registered by the officer. */
async function submitted(organizationId: number = ORGANIZATION_ID.alamBersih) {
  const contractId = { [ORGANIZATION_ID.alamBersih]: 1, [ORGANIZATION_ID.kitarHijau]: 2, [ORGANIZATION_ID.sinarLestari]: 3 }[
    organizationId
  ]!;
  const res = await call('officer', 'POST', 'complaints', newComplaint({ organizationId, contractId }));
  expect(res.statusCode).toBe(201);
  return complaintResponseSchema.parse(res.json()).data.id;
}

/** A fresh complaint the contractor (Alam Bersih) has justified: status 2. */
async function justified() {
  const id = await submitted();
  expect((await call('contractor', 'POST', `complaints/${id}/justify`, { justification: 'Our crew was there on time.' })).statusCode).toBe(
    200,
  );
  return id;
}

const call = (role: Role, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1/${path}`,
    headers: as[role],
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function upload(role: Role) {
  const body = multipartFile(imageBytes.jpeg(3000), { filename: 'site.jpg', contentType: 'image/jpeg' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/files',
    payload: body.payload,
    headers: { ...body.headers, ...as[role] },
  });
  return uploadFileResponseSchema.parse(res.json()).data;
}

async function statusOf(id: number) {
  const [row] = await t.db
    .select({ status: complaints.status, remark: complaints.remark, justification: complaints.justification })
    .from(complaints)
    .where(eq(complaints.id, id));
  return row!;
}
const detail = (res: { json: () => unknown }): ComplaintDetail => complaintResponseSchema.parse(res.json()).data;

// What only the server has: files on disk, a matrix changed in SQL, and two verifiers at once.
// The rules of the complaint moves are in api-tests/complaint-moves.test.ts, run on both back ends.
describe('complaint moves, server side', () => {
  it('deletes a submitted complaint with its images, files on disk included; never a later one', async () => {
    const image = await upload('officer');
    const created = detail(await call('officer', 'POST', 'complaints', newComplaint({ attachmentFileIds: [image.id] })));
    const [row] = await t.db.select({ storageName: files.storageName }).from(files).where(eq(files.id, image.id));
    const { filesDir } = inject('testDatabase');
    expect(existsSync(join(filesDir, row!.storageName))).toBe(true);
    expect(existsSync(join(filesDir, row!.storageName.replace(/\.jpg$/, '.thumb.webp')))).toBe(true);

    expectProblem(await call('verifier', 'DELETE', `complaints/${created.id}`), 403);
    expect((await call('officer', 'DELETE', `complaints/${created.id}`)).statusCode).toBe(204);
    expectProblem(await call('officer', 'GET', `complaints/${created.id}`), 404);
    expect(await t.db.select().from(files).where(eq(files.id, image.id))).toEqual([]);
    expect(existsSync(join(filesDir, row!.storageName))).toBe(false);
    // And its smaller copies.
    for (const variant of ['thumb', 'display'])
      expect(existsSync(join(filesDir, row!.storageName.replace(/\.jpg$/, `.${variant}.webp`)))).toBe(false);

    for (const status of [2, 3, 4]) expectProblem(await call('officer', 'DELETE', `complaints/${fixture(status)}`), 409);
  });

  it('refuses the verifier who registered the complaint', async () => {
    // Give the verifier the officer's right to register, then try to verify their own complaint.
    await t.db.execute(
      sql`update privileges set can_view = true, can_create = true where user_type_id = 3 and menu_item_id = (select id from menu_items where key = 'manage-complaint/complaint')`,
    );
    await t.db.execute(
      sql`insert into privileges (user_type_id, menu_item_id, can_view, can_create) select 3, id, true, true from menu_items where key = 'manage-complaint/complaint' on conflict do nothing`,
    );
    const own = detail(await call('verifier', 'POST', 'complaints', newComplaint()));
    const problem = expectProblem(await call('verifier', 'POST', `complaints/${own.id}/verify`, { decision: 'fine' }), 403);
    expect(problem.detail).toBe('Who registered a complaint may not verify it.');
    expect((await statusOf(own.id)).status).toBe(1);
  });

  it('lets exactly one of two verifiers deciding at once win; the other gets 409', async () => {
    const second = await t.signIn('verifier');
    for (let round = 0; round < 5; round += 1) {
      const organizationId = [ORGANIZATION_ID.alamBersih, ORGANIZATION_ID.kitarHijau, ORGANIZATION_ID.sinarLestari][round % 3]!;
      const id = round % 2 === 0 ? await submitted(organizationId) : await justified();
      const [x, y] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: `/api/v1/complaints/${id}/verify`,
          headers: as.verifier,
          payload: { decision: 'fine', remark: 'first' },
        }),
        t.app.inject({
          method: 'POST',
          url: `/api/v1/complaints/${id}/verify`,
          headers: second,
          payload: { decision: 'waive', remark: 'second' },
        }),
      ]);
      expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
      const winner = x.statusCode === 200 ? { status: 3, remark: 'first' } : { status: 4, remark: 'second' };
      expect(await statusOf(id)).toMatchObject(winner);
      const moves = await t.db
        .select({ to: complaintStatusHistory.toStatus })
        .from(complaintStatusHistory)
        .where(eq(complaintStatusHistory.complaintId, id));
      expect(moves.filter((m) => m.to >= 3)).toHaveLength(1);
      const decided = await t.db
        .select()
        .from(notifications)
        .where(inArray(notifications.title, ['Complaint fined', 'Complaint waived']));
      expect(decided.filter((n) => n.complaintId === id).length).toBe(
        new Set(decided.filter((n) => n.complaintId === id).map((n) => n.recipientId)).size,
      );
    }
  });
});
