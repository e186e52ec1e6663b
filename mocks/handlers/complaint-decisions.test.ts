import { apiPaths, problemTypes } from '@contract';
import { ACCOUNT_ID, menuItems, ORGANIZATION_ID } from '@fixtures';
import { readProblem } from '../api-test-client';
import {
  bell,
  detail,
  fixtureIn,
  grant,
  newComplaint,
  request,
  signInEveryone,
  snapshot,
  submitted,
  upload,
} from '../complaint-test-client';

// Justifying and verifying, by the rules of server/routes/complaint-moves.test.ts.
// src/test/setup.ts starts the MSW node server and resets the mock db after each test.

beforeEach(signInEveryone);

describe('justifying', () => {
  it('moves 1 → 2 for the contractor’s own complaint, with photos, history and notices to the verifiers', async () => {
    const id = await submitted();
    const image = await upload('contractor');
    const text = 'The lorry belongs to a subcontractor\nwho was dismissed.';
    const c = await detail(
      await request('contractor', 'POST', apiPaths.complaintJustify(id), {
        justification: text,
        attachmentFileIds: [image.id],
      }),
    );
    expect(c).toMatchObject({ status: 2, statusText: 'Justified', justification: text });
    expect(c.justificationAttachments.map((p) => p.file)).toEqual([image.url]);
    expect(c.statusHistory.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, 1],
      [1, 2],
    ]);
    expect(c.statusHistory.at(-1)).toMatchObject({
      changedBy: { id: ACCOUNT_ID.contractor },
      text,
    });

    // The verifiers (by the matrix: only the Verifier type may verify) and the contractor's own users.
    const [toVerifier] = await bell('verifier', id);
    expect(toVerifier).toMatchObject({
      title: 'Complaint justified',
      description: `Alam Bersih Sdn Bhd justified complaint ${c.refNo}.\nIt is waiting for verification.`,
    });
    const toContractor = (await bell('contractor', id)).filter(
      (n) => n.title === 'Complaint justified',
    );
    expect(toContractor).toMatchObject([
      {
        description: `Your justification for ${c.refNo} was received and is waiting for verification.`,
      },
    ]);
    for (const who of ['officer', 'admin'] as const) expect(await bell(who, id)).toEqual([]);
  });

  it('refuses other organisations’ complaints, non-contractors, and anything but status 1', async () => {
    const other = await submitted(ORGANIZATION_ID.kitarHijau);
    const ours = await submitted();
    const officerImage = await upload('officer');
    const before = snapshot();
    const problem = await readProblem(
      await request('contractor', 'POST', apiPaths.complaintJustify(other), {
        justification: 'Not ours',
      }),
      403,
    );
    expect(problem.detail).toBe("Only the contractor's own users justify its complaints.");
    for (const who of ['officer', 'verifier', 'admin'] as const) {
      await readProblem(
        await request(who, 'POST', apiPaths.complaintJustify(ours), { justification: 'x' }),
        403,
      );
    }
    for (const [status, message] of [
      [2, 'This complaint is already justified.'],
      [3, 'This complaint is already decided.'],
      [4, 'This complaint is already decided.'],
    ] as const) {
      const refused = await readProblem(
        await request('contractor', 'POST', apiPaths.complaintJustify(fixtureIn(status)), {
          justification: 'Again',
        }),
        409,
      );
      expect(refused.detail).toBe(message);
    }
    await readProblem(
      await request('contractor', 'POST', apiPaths.complaintJustify(ours), { justification: '' }),
      400,
      problemTypes.validation,
    );
    await readProblem(
      await request('contractor', 'POST', apiPaths.complaintJustify(ours), {
        justification: 'Ours',
        attachmentFileIds: [officerImage.id],
      }),
      400,
      problemTypes.validation,
    );
    await readProblem(
      await request('contractor', 'POST', apiPaths.complaintJustify(999_999), {
        justification: 'Nobody’s',
      }),
      404,
    );
    expect(snapshot()).toEqual(before);

    // Each contractor justifies its own.
    expect(
      (
        await detail(
          await request('kitarHijau', 'POST', apiPaths.complaintJustify(other), {
            justification: 'Ours',
          }),
        )
      ).status,
    ).toBe(2);
  });
});

describe('verifying', () => {
  it.each([
    [1, 'fine', 3, 'Complaint fined'],
    [1, 'waive', 4, 'Complaint waived'],
    [2, 'fine', 3, 'Complaint fined'],
    [2, 'waive', 4, 'Complaint waived'],
  ] as const)(
    'moves %i → %s → %i and tells the creator and the contractor',
    async (from, decision, to, title) => {
      const id = from === 1 ? await submitted() : fixtureIn(from);
      const c = await detail(
        await request('verifier', 'POST', apiPaths.complaintVerify(id), {
          decision,
          remark: '  Checked on site. ',
        }),
      );
      expect(c).toMatchObject({ status: to, remark: 'Checked on site.' });
      expect(c.statusHistory.at(-1)).toMatchObject({
        fromStatus: from,
        toStatus: to,
        changedBy: { id: ACCOUNT_ID.verifier },
        text: 'Checked on site.',
      });
      for (const who of ['officer', 'contractor'] as const) {
        const notices = (await bell(who, id)).filter((n) => n.title === title);
        expect(notices).toHaveLength(1);
        expect(notices[0]!.description).toBe(
          `Complaint ${c.refNo} was verified and ${to === 3 ? 'fined' : 'waived'}.\nRemark: Checked on site.`,
        );
      }
      expect((await bell('verifier', id)).filter((n) => n.title === title)).toEqual([]);
    },
  );

  it('takes no remark, or a blank one, as none', async () => {
    for (const body of [
      { decision: 'waive' },
      { decision: 'fine', remark: '   ' },
      { decision: 'fine', remark: null },
    ]) {
      const c = await detail(
        await request('verifier', 'POST', apiPaths.complaintVerify(await submitted()), body),
      );
      expect(c.remark).toBeNull();
      expect(c.statusHistory.at(-1)!.text).toBe('');
      const [notice] = await bell('officer', c.id);
      expect(notice!.description).not.toContain('Remark');
    }
  });

  it('never changes a final complaint, and refuses who may not verify', async () => {
    const ours = await submitted();
    const before = snapshot();
    for (const status of [3, 4]) {
      const problem = await readProblem(
        await request('verifier', 'POST', apiPaths.complaintVerify(fixtureIn(status)), {
          decision: 'waive',
        }),
        409,
      );
      expect(problem).toMatchObject({
        title: 'Conflict',
        detail: 'This complaint is already decided; its status is final.',
      });
    }
    for (const who of ['officer', 'contractor', 'admin'] as const) {
      await readProblem(
        await request(who, 'POST', apiPaths.complaintVerify(ours), { decision: 'fine' }),
        403,
      );
    }
    await readProblem(
      await request('verifier', 'POST', apiPaths.complaintVerify(ours), { decision: 'cancel' }),
      400,
      problemTypes.validation,
    );
    await readProblem(
      await request('verifier', 'POST', apiPaths.complaintVerify(999_999), { decision: 'fine' }),
      404,
    );
    await readProblem(
      await request(null, 'POST', apiPaths.complaintVerify(ours), { decision: 'fine' }),
      401,
    );
    expect(snapshot()).toEqual(before);
  });
});

describe('the privilege matrix decides, not role names', () => {
  it('refuses the verifier who registered the complaint', async () => {
    grant('verifier', menuItems.complaint, { canCreate: true });
    const own = await detail(
      await request('verifier', 'POST', apiPaths.complaints, newComplaint()),
    );
    const before = snapshot();
    const problem = await readProblem(
      await request('verifier', 'POST', apiPaths.complaintVerify(own.id), { decision: 'fine' }),
      403,
    );
    expect(problem.detail).toBe('Who registered a complaint may not verify it.');
    expect(snapshot()).toEqual(before);
  });

  it('tells every user type that may verify of a justification, and scopes a contractor that may verify', async () => {
    grant('officer', menuItems.justifyComplaint, { canVerify: true });
    grant('contractor', menuItems.justifyComplaint, { canVerify: true });
    const id = await submitted();
    await request(
      'kitarHijau',
      'POST',
      apiPaths.complaintJustify(await submitted(ORGANIZATION_ID.kitarHijau)),
      { justification: 'x' },
    );
    await request('contractor', 'POST', apiPaths.complaintJustify(id), {
      justification: 'Collected the next morning.',
    });
    // The officer may now verify; the contractor too, but its "own" notice stays in the second person.
    expect((await bell('officer', id)).map((n) => n.title)).toEqual(['Complaint justified']);
    expect(
      (await bell('contractor', id)).filter((n) => n.title === 'Complaint justified'),
    ).toMatchObject([{ description: expect.stringMatching(/^Your justification/) }]);

    const other = await submitted(ORGANIZATION_ID.sinarLestari);
    const problem = await readProblem(
      await request('contractor', 'POST', apiPaths.complaintVerify(other), { decision: 'fine' }),
      403,
    );
    expect(problem.detail).toBe("This complaint is not your organisation's.");
    expect(
      (
        await detail(
          await request('contractor', 'POST', apiPaths.complaintVerify(id), { decision: 'waive' }),
        )
      ).status,
    ).toBe(4);
  });
});

describe('the detail', () => {
  it('grows its status history with each move, oldest first, with who made it', async () => {
    const id = await submitted();
    await request('contractor', 'POST', apiPaths.complaintJustify(id), {
      justification: 'Our crew was there on time.',
    });
    await request('verifier', 'POST', apiPaths.complaintVerify(id), {
      decision: 'fine',
      remark: 'Photos show otherwise.',
    });
    const c = await detail(await request('contractor', 'GET', apiPaths.complaint(id)));
    expect(
      c.statusHistory.map(({ fromStatus, toStatus, changedBy, text }) => ({
        fromStatus,
        toStatus,
        by: changedBy.id,
        text,
      })),
    ).toEqual([
      { fromStatus: null, toStatus: 1, by: ACCOUNT_ID.officer, text: 'Registered' },
      {
        fromStatus: 1,
        toStatus: 2,
        by: ACCOUNT_ID.contractor,
        text: 'Our crew was there on time.',
      },
      { fromStatus: 2, toStatus: 3, by: ACCOUNT_ID.verifier, text: 'Photos show otherwise.' },
    ]);
    const ids = c.statusHistory.map((h) => h.id);
    expect(new Set(ids).size).toBe(3);
    expect(c.statusHistory.map((h) => Date.parse(h.changedAt))).toEqual(
      c.statusHistory.map((h) => Date.parse(h.changedAt)).sort((a, b) => a - b),
    );
  });

  it('names people as they are called today', async () => {
    const id = await submitted();
    expect(
      (await request('officer', 'PATCH', apiPaths.me, { fullName: 'Siti Aminah Abdullah' })).status,
    ).toBe(200);
    const c = await detail(await request('verifier', 'GET', apiPaths.complaint(id)));
    expect(c.createdBy.fullName).toBe('Siti Aminah Abdullah');
    expect(c.statusHistory[0]!.changedBy.fullName).toBe('Siti Aminah Abdullah');
  });
});
