import { apiPaths, complaintListResponseSchema, problemTypes } from '@contract';
import {
  ACCOUNT_ID,
  COMPLAINT_COUNT,
  complaints as fixtureComplaints,
  INACTIVE_TYPE_OF_OFFENCE_ID,
  ORGANIZATION_ID,
} from '@fixtures';
import { readAs, readProblem } from '../api-test-client';
import {
  bell,
  detail,
  fixtureIn,
  newComplaint,
  request,
  signInEveryone,
  snapshot,
  submitted,
  upload,
} from '../complaint-test-client';
import { mockDb } from '../db';

// Registering, editing and deleting, by the rules of server/routes/complaint-moves.test.ts.
// src/test/setup.ts starts the MSW node server and resets the mock db after each test.

beforeEach(signInEveryone);

describe('registering a complaint', () => {
  it('makes a readable reference after the fixtures’ ids, keeps the images, writes history and tells the contractor', async () => {
    const [a, b] = [await upload('officer'), await upload('officer')];
    const response = await request(
      'officer',
      'POST',
      apiPaths.complaints,
      newComplaint({ attachmentFileIds: [a.id, b.id] }),
    );
    expect(response.status).toBe(201);
    const c = await detail(response);
    expect(c.id).toBe(COMPLAINT_COUNT + 1);
    expect(c.refNo).toBe(`CMP-${new Date().getUTCFullYear()}-${String(c.id).padStart(6, '0')}`);
    expect(c).toMatchObject({
      status: 1,
      statusText: 'Submitted',
      justification: null,
      remark: null,
      organization: { id: ORGANIZATION_ID.alamBersih, name: 'Alam Bersih Sdn Bhd' },
      contract: { id: 1, contractNo: 'MPSK/KON/2026/001' },
      createdBy: { id: ACCOUNT_ID.officer },
    });
    expect(c.complaintAttachments.map((p) => p.file)).toEqual([a.url, b.url]);
    expect(c.statusHistory).toMatchObject([
      { fromStatus: null, toStatus: 1, changedBy: { id: ACCOUNT_ID.officer }, text: 'Registered' },
    ]);
    expect(await detail(await request('officer', 'GET', apiPaths.complaint(c.id)))).toEqual(c);

    const [notice] = await bell('contractor', c.id);
    expect(notice).toMatchObject({
      title: 'New complaint registered',
      isRead: false,
      complaintId: c.id,
    });
    expect(notice!.description).toContain(
      `Complaint ${c.refNo} (Illegal dumping) was registered against your organisation.`,
    );
    expect(await bell('contractor', c.id)).toHaveLength(1);
    for (const who of ['officer', 'verifier', 'kitarHijau'] as const) {
      expect(await bell(who, c.id)).toEqual([]);
    }

    const open = await readAs(
      complaintListResponseSchema,
      await request('contractor', 'GET', `${apiPaths.complaints}?limit=1000`),
    );
    expect(open.data.items.map((i) => i.id)).toContain(c.id);
  });

  it('tells only the contractor’s active users, never a disabled one', async () => {
    const id = await submitted(ORGANIZATION_ID.kitarHijau);
    expect(await bell('kitarHijau', id)).toHaveLength(1);
    expect(await bell('contractor', id)).toEqual([]);
    expect(
      mockDb()
        .notifications.filter((n) => n.complaintId === id)
        .map((n) => n.recipientId),
    ).toEqual([ACCOUNT_ID.kitarHijau]);
  });

  it('refuses bad input field by field and stores nothing', async () => {
    const foreign = await upload('verifier');
    const used = await upload('officer');
    const registered = newComplaint({ attachmentFileIds: [used.id] });
    await detail(await request('officer', 'POST', apiPaths.complaints, registered));
    const avatar = await upload('officer');
    expect((await request('officer', 'PATCH', apiPaths.me, { imageFileId: avatar.id })).ok).toBe(
      true,
    );
    const fresh = await upload('officer');
    const before = snapshot();

    const cases: [Record<string, unknown>, string][] = [
      [{ dateOfMisconduct: new Date(Date.now() + 86_400_000).toISOString() }, 'dateOfMisconduct'],
      [{ qty: -1 }, 'qty'],
      [{ qty: 1.5 }, 'qty'],
      [{ description: '  ' }, 'description'],
      [{ typeOfOffenceId: INACTIVE_TYPE_OF_OFFENCE_ID }, 'typeOfOffenceId'],
      [{ typeOfOffenceId: 999 }, 'typeOfOffenceId'],
      [{ contractId: 2 }, 'contractId'],
      [{ contractId: 999 }, 'contractId'],
      [{ organizationId: ORGANIZATION_ID.authority }, 'contractId'],
      [{ attachmentFileIds: [foreign.id] }, 'attachmentFileIds'],
      [{ attachmentFileIds: [used.id] }, 'attachmentFileIds'],
      [{ attachmentFileIds: [avatar.id] }, 'attachmentFileIds'],
      [{ attachmentFileIds: [fresh.id, fresh.id] }, 'attachmentFileIds'],
      [{ attachmentFileIds: ['7b0e3c1e-4f43-4c33-9a43-1d5c2b1f9e10'] }, 'attachmentFileIds'],
      [{ status: 3 }, ''],
    ];
    for (const [overrides, field] of cases) {
      const response = await request('officer', 'POST', apiPaths.complaints, {
        ...newComplaint(),
        ...overrides,
      });
      const problem = await readProblem(response, 400, problemTypes.validation);
      if (field) expect(Object.keys(problem.errors ?? {})).toContain(field);
    }
    expect(snapshot()).toEqual(before);
  });

  it('is for officers and administrators only; who is signed out is told so first', async () => {
    expect((await request('admin', 'POST', apiPaths.complaints, newComplaint())).status).toBe(201);
    const before = snapshot();
    for (const who of ['verifier', 'contractor'] as const) {
      const problem = await readProblem(
        await request(who, 'POST', apiPaths.complaints, newComplaint()),
        403,
      );
      expect(problem).toMatchObject({
        title: 'Forbidden',
        detail: 'Your privileges do not allow this.',
      });
      // The matrix is asked before the body is read.
      await readProblem(await request(who, 'POST', apiPaths.complaints, { qty: -1 }), 403);
    }
    await readProblem(await request(null, 'POST', apiPaths.complaints, { qty: -1 }), 401);
    expect(snapshot()).toEqual(before);
  });
});

describe('editing and deleting', () => {
  it('changes a submitted complaint; never a justified or decided one', async () => {
    const seeded = fixtureComplaints.find(
      (c) => c.status === 1 && c.complaintAttachments.length > 0,
    )!;
    const changed = await detail(
      await request('officer', 'PATCH', apiPaths.complaint(seeded.id), {
        qty: 7,
        location: 'Jalan Kuching',
      }),
    );
    expect(changed).toMatchObject({
      qty: 7,
      location: 'Jalan Kuching',
      description: seeded.description,
      status: 1,
    });
    expect(changed.complaintAttachments).toEqual(seeded.complaintAttachments);
    const moved = await detail(
      await request('admin', 'PATCH', apiPaths.complaint(seeded.id), {
        organizationId: ORGANIZATION_ID.sinarLestari,
        contractId: 3,
        typeOfOffenceId: 5,
      }),
    );
    expect(moved).toMatchObject({
      organization: { id: ORGANIZATION_ID.sinarLestari },
      contract: { id: 3 },
      typeOfOffence: { id: 5 },
    });
    const cleared = await detail(
      await request('officer', 'PATCH', apiPaths.complaint(seeded.id), { attachmentFileIds: [] }),
    );
    expect(cleared.complaintAttachments).toEqual([]);
    expect(cleared.statusHistory).toEqual(seeded.statusHistory);

    const before = snapshot();
    for (const status of [2, 3, 4]) {
      const problem = await readProblem(
        await request('officer', 'PATCH', apiPaths.complaint(fixtureIn(status)), { qty: 9 }),
        409,
      );
      expect(problem).toMatchObject({
        title: 'Conflict',
        detail: 'Only a submitted complaint can be changed.',
      });
    }
    const id = fixtureIn(1);
    for (const who of ['contractor', 'verifier'] as const) {
      await readProblem(await request(who, 'PATCH', apiPaths.complaint(id), { qty: 1 }), 403);
    }
    const missing = await readProblem(
      await request('officer', 'PATCH', apiPaths.complaint(999_999), { qty: 1 }),
      404,
    );
    expect(missing).toMatchObject({ title: 'Not found', detail: 'Complaint not found.' });
    // The contract must stay the organisation's, whichever of the two changes.
    for (const body of [
      { organizationId: ORGANIZATION_ID.kitarHijau },
      { contractId: 2 },
      { typeOfOffenceId: INACTIVE_TYPE_OF_OFFENCE_ID },
      { qty: -1 },
    ]) {
      await readProblem(
        await request('officer', 'PATCH', apiPaths.complaint(id), body),
        400,
        problemTypes.validation,
      );
    }
    expect(snapshot()).toEqual(before);
  });

  it('replaces the photos given, forgetting the uploads nothing shows any more', async () => {
    const [a, b, c] = [await upload('officer'), await upload('officer'), await upload('officer')];
    const created = await detail(
      await request(
        'officer',
        'POST',
        apiPaths.complaints,
        newComplaint({ attachmentFileIds: [a.id, b.id] }),
      ),
    );
    // Its own photos may be given again.
    const replaced = await detail(
      await request('officer', 'PATCH', apiPaths.complaint(created.id), {
        attachmentFileIds: [c.id, b.id],
      }),
    );
    expect(replaced.complaintAttachments.map((p) => p.file)).toEqual([c.url, b.url]);
    expect(mockDb().files.map((f) => f.id)).toEqual([b.id, c.id]);
    // Another complaint's photo may not.
    const other = await submitted();
    await readProblem(
      await request('officer', 'PATCH', apiPaths.complaint(other), { attachmentFileIds: [b.id] }),
      400,
      problemTypes.validation,
    );
  });

  it('keeps the images named by fileId, whoever uploaded them, drops the rest and adds uploads', async () => {
    const target = fixtureComplaints.find(
      (c) => c.status === 1 && c.complaintAttachments.length >= 2,
    )!;
    const [first, second] = target.complaintAttachments;
    const added = await upload('admin');
    const edited = await detail(
      await request('admin', 'PATCH', apiPaths.complaint(target.id), {
        attachmentFileIds: [added.id, second!.fileId],
      }),
    );
    expect(edited.complaintAttachments).toEqual([
      { id: expect.any(Number), fileId: added.id, file: added.url },
      second,
    ]);
    expect(edited.complaintAttachments[0]!.id).not.toBe(first!.id);
    // The same picture on another complaint's attachment is not this complaint's to name.
    const elsewhere = fixtureComplaints.find(
      (c) =>
        c.id !== target.id &&
        c.complaintAttachments.some(
          (a) => !target.complaintAttachments.some((t) => t.fileId === a.fileId),
        ),
    )!;
    const foreign = elsewhere.complaintAttachments.find(
      (a) => !target.complaintAttachments.some((t) => t.fileId === a.fileId),
    )!;
    const before = snapshot();
    await readProblem(
      await request('admin', 'PATCH', apiPaths.complaint(target.id), {
        attachmentFileIds: [second!.fileId, foreign.fileId],
      }),
      400,
      problemTypes.validation,
    );
    expect(snapshot()).toEqual(before);
  });

  it('deletes a submitted complaint with its photos; its notices stay, pointing nowhere; never a later one', async () => {
    const image = await upload('officer');
    const created = await detail(
      await request(
        'officer',
        'POST',
        apiPaths.complaints,
        newComplaint({ attachmentFileIds: [image.id] }),
      ),
    );
    expect(mockDb().files.map((f) => f.id)).toEqual([image.id]);
    await readProblem(await request('verifier', 'DELETE', apiPaths.complaint(created.id)), 403);
    await readProblem(await request('contractor', 'DELETE', apiPaths.complaint(created.id)), 403);

    expect((await request('officer', 'DELETE', apiPaths.complaint(created.id))).status).toBe(204);
    await readProblem(await request('officer', 'GET', apiPaths.complaint(created.id)), 404);
    expect(mockDb().files).toEqual([]);
    const orphans = (await bell('contractor', null)).filter((n) =>
      n.description.includes(created.refNo),
    );
    expect(orphans).toMatchObject([{ title: 'New complaint registered', complaintId: null }]);
    await readProblem(await request('officer', 'DELETE', apiPaths.complaint(created.id)), 404);

    const before = snapshot();
    for (const status of [2, 3, 4]) {
      const problem = await readProblem(
        await request('admin', 'DELETE', apiPaths.complaint(fixtureIn(status))),
        409,
      );
      expect(problem.detail).toBe('Only a submitted complaint can be deleted.');
    }
    expect(snapshot()).toEqual(before);
  });
});
