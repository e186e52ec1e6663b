import { beforeAll, describe, expect, it } from 'vitest';
import {
  complaintFormOptionsResponseSchema,
  complaintResponseSchema,
  type ComplaintDetail,
  type ComplaintInput,
} from '../contract/complaints';
import { uploadFileResponseSchema } from '../contract/files';
import { ACCOUNT_ID, accounts, complaints as fixtureComplaints, ORGANIZATION_ID } from '../fixtures';
import { notificationListResponseSchema } from '../contract/notifications';
import { expectProblem } from '../server/test/expect-problem';
import { imageBytes, multipartFile } from '../server/test/multipart';
import { connectInjector, type Role } from './support/inject';
import { newComplaint } from '../server/test/complaints';

const t = connectInjector();
const as = {} as Partial<Record<Role, Record<string, string>>>;
beforeAll(async () => {
  for (const role of ['admin', 'officer', 'verifier', 'contractor'] as const) as[role] = await t.signIn(role);
});

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

/** What anyone who may see it reads of a complaint's state. */
async function statusOf(id: number) {
  const { status, remark, justification } = detail(await call('admin', 'GET', `complaints/${id}`));
  return { status, remark, justification };
}
async function historyCount(id: number) {
  return detail(await call('admin', 'GET', `complaints/${id}`)).statusHistory.length;
}
/** Every notice about the complaint, as the bells of every active account show them. */
const bells = new Map<number, Record<string, string>>();
async function noticesAbout(id: number) {
  const notices: { recipientId: number; title: string; description: string }[] = [];
  for (const account of accounts.filter((a) => a.status === 'active')) {
    if (!bells.has(account.id)) {
      bells.set(account.id, { authorization: `Bearer ${await t.api.signInEmail(account.email)}` });
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/notifications?limit=1000', headers: bells.get(account.id)! });
    const bell = notificationListResponseSchema.parse(res.json()).data.items;
    for (const n of bell.filter((n) => n.complaintId === id))
      notices.push({ recipientId: account.id, title: n.title, description: n.description });
  }
  return notices;
}
const detail = (res: { json: () => unknown }): ComplaintDetail => complaintResponseSchema.parse(res.json()).data;

describe('registering a complaint', () => {
  it('offers active offence types and each contractor with its contracts', async () => {
    const options = complaintFormOptionsResponseSchema.parse((await call('officer', 'GET', 'complaints/form-options')).json()).data;
    expect(options.typeOfOffences.map((o) => o.id)).not.toContain(12);
    expect(options.organizations.find((o) => o.id === ORGANIZATION_ID.alamBersih)?.contracts[0]).toMatchObject({
      contractNo: 'MPSK/KON/2026/001',
    });
    expect((await call('contractor', 'GET', 'complaints/form-options')).statusCode).toBe(403);
  });

  it('makes a unique readable reference, keeps the images, writes history and tells the contractor', async () => {
    const [a, b] = [await upload('officer'), await upload('officer')];
    const res = await call('officer', 'POST', 'complaints', newComplaint({ attachmentFileIds: [a.id, b.id] }));
    expect(res.statusCode).toBe(201);
    const c = detail(res);
    expect(c.refNo).toBe(`CMP-${new Date().getUTCFullYear()}-${String(c.id).padStart(6, '0')}`);
    expect(c).toMatchObject({
      status: 1,
      statusText: 'Submitted',
      organization: { id: ORGANIZATION_ID.alamBersih },
      contract: { id: 1 },
      createdBy: { id: ACCOUNT_ID.officer },
    });
    expect(c.complaintAttachments).toHaveLength(2);
    expect(c.statusHistory).toMatchObject([{ fromStatus: null, toStatus: 1, changedBy: { id: ACCOUNT_ID.officer }, text: 'Registered' }]);
    const notices = await noticesAbout(c.id);
    expect(notices).toEqual([expect.objectContaining({ recipientId: ACCOUNT_ID.contractor, title: 'New complaint registered' })]);
    expect(notices[0]!.description).toContain(c.refNo);
    // The contractor finds it in its open list; another contractor's rep would not.
    const open = (await call('contractor', 'GET', 'complaints?limit=1000')).json() as { data: { items: { id: number }[] } };
    expect(open.data.items.map((i) => i.id)).toContain(c.id);
  });

  it('refuses bad input field by field and stores nothing', async () => {
    const total = async () =>
      ((await call('officer', 'GET', 'complaints?history=true&limit=1')).json() as { data: { pagination: { totalRow: number } } }).data
        .pagination.totalRow;
    const before = await total();
    const foreign = await upload('verifier');
    const cases: [Partial<ComplaintInput> & Record<string, unknown>, string][] = [
      [{ dateOfMisconduct: new Date(Date.now() + 86_400_000).toISOString() }, 'dateOfMisconduct'],
      [{ qty: -1 }, 'qty'],
      [{ qty: 1.5 }, 'qty'],
      [{ description: '  ' }, 'description'],
      [{ typeOfOffenceId: 12 }, 'typeOfOffenceId'],
      [{ typeOfOffenceId: 999 }, 'typeOfOffenceId'],
      [{ contractId: 2 }, 'contractId'],
      [{ organizationId: ORGANIZATION_ID.authority }, 'contractId'],
      [{ attachmentFileIds: [foreign.id] }, 'attachmentFileIds'],
      [{ status: 3 } as never, ''],
    ];
    for (const [overrides, field] of cases) {
      const problem = expectProblem(await call('officer', 'POST', 'complaints', newComplaint(overrides)), 400);
      if (field) expect(Object.keys(problem.errors ?? {})).toContain(field);
    }
    expect(await total()).toBe(before);
  });

  it('is for officers and administrators only', async () => {
    for (const role of ['verifier', 'contractor'] as const) expectProblem(await call(role, 'POST', 'complaints', newComplaint()), 403);
  });
});

describe('editing and deleting', () => {
  it('changes a submitted complaint; never a justified or decided one', async () => {
    // A seeded one, whose images other complaints share: they stay.
    const seeded = fixtureComplaints.find((c) => c.status === 1 && c.complaintAttachments.length > 0 && !used.has(c.id))!;
    used.add(seeded.id);
    const res = await call('officer', 'PATCH', `complaints/${seeded.id}`, { qty: 7, location: 'Jalan Kuching' });
    expect(detail(res)).toMatchObject({ qty: 7, location: 'Jalan Kuching' });
    expect(detail(res).complaintAttachments).toHaveLength(seeded.complaintAttachments.length);
    const cleared = detail(await call('officer', 'PATCH', `complaints/${seeded.id}`, { attachmentFileIds: [] }));
    expect(cleared.complaintAttachments).toEqual([]);
    const id = await submitted();
    for (const status of [2, 3, 4]) {
      const other = fixture(status);
      const before = await statusOf(other);
      expectProblem(await call('officer', 'PATCH', `complaints/${other}`, { qty: 9 }), 409);
      expect(await statusOf(other)).toEqual(before);
    }
    expectProblem(await call('contractor', 'PATCH', `complaints/${id}`, { qty: 1 }), 403);
    expectProblem(await call('officer', 'PATCH', 'complaints/999999', { qty: 1 }), 404);
  });

  it('keeps the images named by fileId, whoever uploaded them; drops the rest, deleting files nothing shows', async () => {
    const [a, b] = [await upload('officer'), await upload('officer')];
    const created = detail(await call('officer', 'POST', 'complaints', newComplaint({ attachmentFileIds: [a.id, b.id] })));
    const [kept, dropped] = created.complaintAttachments;
    expect(kept).toMatchObject({ fileId: a.id });
    const c = await upload('admin');

    // Another user edits: keeps a (not theirs), adds their own c in front, drops b.
    const edited = detail(await call('admin', 'PATCH', `complaints/${created.id}`, { attachmentFileIds: [c.id, a.id] }));
    expect(edited.complaintAttachments.map((x) => x.fileId)).toEqual([c.id, a.id]);
    expect(edited.complaintAttachments[1]!.id).toBe(kept!.id);
    // The dropped upload is gone: nothing can attach it again, not even its owner.
    expectProblem(await call('officer', 'POST', 'complaints', newComplaint({ attachmentFileIds: [dropped!.fileId] })), 400);

    // A seeded complaint keeps a picture other complaints share; it may not take another's.
    const seeded = fixtureComplaints.find((x) => x.status === 1 && x.complaintAttachments.length >= 2 && !used.has(x.id))!;
    used.add(seeded.id);
    const [first, second] = seeded.complaintAttachments;
    const foreign = fixtureComplaints
      .flatMap((x) => x.complaintAttachments)
      .find((x) => !seeded.complaintAttachments.some((y) => y.fileId === x.fileId))!;
    const before = detail(await call('officer', 'GET', `complaints/${seeded.id}`));
    expect(before.complaintAttachments.map((x) => x.fileId)).toEqual(seeded.complaintAttachments.map((x) => x.fileId));
    expectProblem(await call('officer', 'PATCH', `complaints/${seeded.id}`, { attachmentFileIds: [first!.fileId, foreign.fileId] }), 400);
    expectProblem(await call('officer', 'PATCH', `complaints/${seeded.id}`, { attachmentFileIds: [first!.fileId, first!.fileId] }), 400);
    expect(detail(await call('officer', 'GET', `complaints/${seeded.id}`))).toEqual(before);
    const trimmed = detail(await call('officer', 'PATCH', `complaints/${seeded.id}`, { attachmentFileIds: [second!.fileId] }));
    expect(trimmed.complaintAttachments.map((x) => x.fileId)).toEqual([second!.fileId]);
    // The shared picture stays: the other complaints that show it still do.
    const sharing = fixtureComplaints.find(
      (x) => x.id !== seeded.id && !used.has(x.id) && x.complaintAttachments.some((y) => y.fileId === first!.fileId),
    );
    expect(sharing).toBeDefined();
    expect(detail(await call('officer', 'GET', `complaints/${sharing!.id}`)).complaintAttachments.map((x) => x.fileId)).toContain(
      first!.fileId,
    );
  });
});

describe('justifying', () => {
  it('moves 1 → 2 for the contractor’s own complaint, with images, history and notices to the verifiers', async () => {
    const id = await submitted();
    const image = await upload('contractor');
    const res = await call('contractor', 'POST', `complaints/${id}/justify`, {
      justification: 'The lorry belongs to a subcontractor\nwho was dismissed.',
      attachmentFileIds: [image.id],
    });
    const c = detail(res);
    expect(c).toMatchObject({
      status: 2,
      statusText: 'Justified',
      justification: 'The lorry belongs to a subcontractor\nwho was dismissed.',
    });
    expect(c.justificationAttachments).toHaveLength(1);
    expect(c.statusHistory.at(-1)).toMatchObject({ fromStatus: 1, toStatus: 2, changedBy: { id: ACCOUNT_ID.contractor } });
    const notices = await noticesAbout(id);
    // The verifiers (by the matrix: only the Verifier type may verify) and the contractor's other users: none here.
    expect(notices.filter((n) => n.title === 'Complaint justified').map((n) => n.recipientId)).toEqual([ACCOUNT_ID.verifier]);
  });

  it('refuses other organisations’ complaints, non-contractors, and anything but status 1', async () => {
    const other = await submitted(ORGANIZATION_ID.kitarHijau);
    expectProblem(await call('contractor', 'POST', `complaints/${other}/justify`, { justification: 'Not ours' }), 403);
    expect((await statusOf(other)).status).toBe(1);
    for (const role of ['officer', 'verifier', 'admin'] as const)
      expectProblem(await call(role, 'POST', `complaints/${await submitted()}/justify`, { justification: 'x' }), 403);
    for (const status of [2, 3, 4]) {
      const id = fixture(status);
      const before = [await statusOf(id), await historyCount(id)];
      expectProblem(await call('contractor', 'POST', `complaints/${id}/justify`, { justification: 'Again' }), 409);
      expect([await statusOf(id), await historyCount(id)]).toEqual(before);
    }
    expectProblem(await call('contractor', 'POST', `complaints/${await submitted()}/justify`, { justification: '' }), 400);
  });
});

describe('verifying', () => {
  it.each([
    [1, 'fine', 3, 'Complaint fined'],
    [1, 'waive', 4, 'Complaint waived'],
    [2, 'fine', 3, 'Complaint fined'],
    [2, 'waive', 4, 'Complaint waived'],
  ] as const)('moves %i → %s → %i and tells the creator and the contractor', async (from, decision, to, title) => {
    const id = from === 1 ? await submitted() : fixture(from);
    const c = detail(await call('verifier', 'POST', `complaints/${id}/verify`, { decision, remark: 'Checked on site.' }));
    expect(c).toMatchObject({ status: to, remark: 'Checked on site.' });
    expect(c.statusHistory.at(-1)).toMatchObject({
      fromStatus: from,
      toStatus: to,
      changedBy: { id: ACCOUNT_ID.verifier },
      text: 'Checked on site.',
    });
    const notices = (await noticesAbout(id)).filter((n) => n.title === title);
    expect(notices.map((n) => n.recipientId).sort()).toEqual([ACCOUNT_ID.officer, ACCOUNT_ID.contractor].sort());
    expect(notices[0]!.description).toContain('Remark: Checked on site.');
  });

  it('takes no remark at all', async () => {
    const c = detail(await call('verifier', 'POST', `complaints/${await justified()}/verify`, { decision: 'waive' }));
    expect(c).toMatchObject({ status: 4, remark: null });
  });

  it('never changes a final complaint, and refuses who may not verify', async () => {
    for (const status of [3, 4]) {
      const id = fixture(status);
      const before = [await statusOf(id), await historyCount(id)];
      expectProblem(await call('verifier', 'POST', `complaints/${id}/verify`, { decision: 'waive' }), 409);
      expect([await statusOf(id), await historyCount(id)]).toEqual(before);
    }
    for (const role of ['officer', 'contractor', 'admin'] as const)
      expectProblem(await call(role, 'POST', `complaints/${await submitted()}/verify`, { decision: 'fine' }), 403);
    expectProblem(await call('verifier', 'POST', `complaints/${await submitted()}/verify`, { decision: 'cancel' }), 400);
  });
});

describe('the detail', () => {
  it('shows the fixture’s whole history, oldest first, with names', async () => {
    const id = fixtureComplaints.find((c) => c.status === 3 && c.justification !== null)!.id;
    const c = detail(await call('officer', 'GET', `complaints/${id}`));
    expect(c.statusHistory.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, 1],
      [1, 2],
      [2, 3],
    ]);
    expect(c.statusHistory[2]!.changedBy.fullName).toBeTruthy();
  });
});
