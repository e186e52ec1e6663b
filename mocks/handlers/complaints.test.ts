import {
  apiPaths,
  complaintFormOptionsResponseSchema,
  complaintListResponseSchema,
  complaintResponseSchema,
  problemTypes,
} from '@contract';
import {
  ACCOUNT_ID,
  complaints,
  CONTRACTOR_REPRESENTATIVE,
  contractorOrganizationComplaints,
  demoAccounts,
  DISTINCTIVE_COMPLAINT_ID,
  INACTIVE_TYPE_OF_OFFENCE_ID,
  menuItems,
  newestComplaint,
  ORGANIZATION_ID,
  typeOfOffences,
} from '@fixtures';
import { call, readAs, readProblem, signIn } from '../api-test-client';
import { updateMockDb } from '../db';

// src/test/setup.ts starts the MSW node server for every test file and resets the mock db
// after each test.

describe('complaints', () => {
  it('lists every status newest first with history=true, and only open ones without', async () => {
    const token = await signIn(demoAccounts.officer.email);
    const history = await readAs(
      complaintListResponseSchema,
      await call(`${apiPaths.complaints}?history=true&limit=1000`, { token }),
    );
    expect(history.data.pagination.totalRow).toBe(complaints.length);
    expect(history.data.items[0]?.id).toBe(newestComplaint.id);
    expect(new Set(history.data.items.map((c) => c.status))).toEqual(new Set([1, 2, 3, 4]));

    const open = await readAs(
      complaintListResponseSchema,
      await call(`${apiPaths.complaints}?limit=1000`, { token }),
    );
    expect(open.data.items.length).toBe(complaints.filter((c) => c.status <= 2).length);
    expect(open.data.items.every((c) => c.status === 1 || c.status === 2)).toBe(true);
  });

  it('searches refNo, description, offender and location without regard to case', async () => {
    const token = await signIn(demoAccounts.officer.email);
    const search = async (q: string) =>
      readAs(
        complaintListResponseSchema,
        await call(`${apiPaths.complaints}?history=true&limit=1000&q=${encodeURIComponent(q)}`, {
          token,
        }),
      );
    const durian = await search('DURIAN');
    expect(durian.data.items.map((c) => c.id)).toEqual([DISTINCTIVE_COMPLAINT_ID.durianHusks]);
    expect((await search('cmp-2026-00004')).data.pagination.totalRow).toBe(10);
  });

  it('shows a contractor only its own organisation’s complaints', async () => {
    const token = await signIn(demoAccounts.contractor.email);
    const history = await readAs(
      complaintListResponseSchema,
      await call(`${apiPaths.complaints}?history=true&limit=1000`, { token }),
    );
    expect(history.data.items.map((c) => c.id).sort((a, b) => a - b)).toEqual(
      contractorOrganizationComplaints.map((c) => c.id),
    );

    const own = contractorOrganizationComplaints[0]!;
    const detail = await readAs(
      complaintResponseSchema,
      await call(apiPaths.complaint(own.id), { token }),
    );
    expect(detail.data.refNo).toBe(own.refNo);

    const other = complaints.find((c) => c.organizationId !== own.organizationId)!;
    await readProblem(await call(apiPaths.complaint(other.id), { token }), 403);
  });

  it('sorts by a named field and refuses an unknown one', async () => {
    const token = await signIn(demoAccounts.officer.email);
    const byQty = await readAs(
      complaintListResponseSchema,
      await call(`${apiPaths.complaints}?history=true&limit=1000&sort=qty`, { token }),
    );
    const quantities = byQty.data.items.map((c) => c.qty);
    expect(quantities).toEqual([...quantities].sort((a, b) => a - b));
    const problem = await readProblem(
      await call(`${apiPaths.complaints}?sort=password`, { token }),
      400,
      problemTypes.validation,
    );
    expect(problem.errors).toHaveProperty('sort');
  });

  it('answers 404 for an unknown complaint and 400 for a malformed id', async () => {
    const token = await signIn(demoAccounts.officer.email);
    await readProblem(await call(apiPaths.complaint(9999), { token }), 404);
    await readProblem(
      await call(apiPaths.complaint('abc'), { token }),
      400,
      problemTypes.validation,
    );
  });

  it('shows each complaint’s organisation, contract and creator, and the detail its whole history', async () => {
    const token = await signIn(demoAccounts.officer.email);
    const list = await readAs(
      complaintListResponseSchema,
      await call(`${apiPaths.complaints}?history=true&limit=1000`, { token }),
    );
    const fixture = complaints.find((c) => c.status === 3 && c.justification !== null)!;
    expect(list.data.items.find((c) => c.id === fixture.id)).toMatchObject({
      organization: fixture.organization,
      contract: fixture.contract,
      createdBy: { id: ACCOUNT_ID.officer, fullName: demoAccounts.officer.fullName },
    });
    const { data } = await readAs(
      complaintResponseSchema,
      await call(apiPaths.complaint(fixture.id), { token }),
    );
    expect(data.statusHistory.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, 1],
      [1, 2],
      [2, 3],
    ]);
    expect(data.statusHistory.map((h) => h.changedBy.id)).toEqual([
      ACCOUNT_ID.officer,
      CONTRACTOR_REPRESENTATIVE[fixture.organizationId],
      ACCOUNT_ID.verifier,
    ]);
    expect(data.statusHistory[1]!.text).toBe(fixture.justification);
  });

  it('lists and shows only what the privilege matrix lets the caller view', async () => {
    const token = await signIn(demoAccounts.contractor.email);
    updateMockDb((db) => {
      for (const group of db.menusByUserType.contractor) {
        group.menuItems = group.menuItems.filter(
          (item) => item.url !== menuItems.historyComplaint.url,
        );
      }
    });
    await readProblem(await call(`${apiPaths.complaints}?history=true`, { token }), 403);
    await readAs(complaintListResponseSchema, await call(apiPaths.complaints, { token }));
    updateMockDb((db) => {
      db.menusByUserType.contractor = [];
    });
    await readProblem(await call(apiPaths.complaints, { token }), 403);
    await readProblem(
      await call(apiPaths.complaint(contractorOrganizationComplaints[0]!.id), { token }),
      403,
    );
    await readProblem(await call(apiPaths.complaint(contractorOrganizationComplaints[0]!.id)), 401);
  });
});

describe('complaint form options', () => {
  it('offers active offence types by name and each contractor with its contracts', async () => {
    for (const email of [demoAccounts.officer.email, demoAccounts.admin.email]) {
      const token = await signIn(email);
      const { data } = await readAs(
        complaintFormOptionsResponseSchema,
        await call(apiPaths.complaintFormOptions, { token }),
      );
      const names = data.typeOfOffences.map((type) => type.name);
      expect(names).toEqual([...names].sort());
      expect(data.typeOfOffences.map((type) => type.id)).not.toContain(INACTIVE_TYPE_OF_OFFENCE_ID);
      expect(data.typeOfOffences).toHaveLength(
        typeOfOffences.filter((type) => type.isActive).length,
      );
      expect(data.organizations).toEqual([
        {
          id: ORGANIZATION_ID.alamBersih,
          name: 'Alam Bersih Sdn Bhd',
          contracts: [expect.objectContaining({ id: 1, contractNo: 'MPSK/KON/2026/001' })],
        },
        {
          id: ORGANIZATION_ID.kitarHijau,
          name: 'Kitar Hijau Sdn Bhd',
          contracts: [expect.objectContaining({ id: 2 })],
        },
        {
          id: ORGANIZATION_ID.sinarLestari,
          name: 'Sinar Lestari Enviro Sdn Bhd',
          contracts: [expect.objectContaining({ id: 3 })],
        },
      ]);
    }
  });

  it('is for who may view the complaint screen', async () => {
    for (const email of [demoAccounts.verifier.email, demoAccounts.contractor.email]) {
      const token = await signIn(email);
      const problem = await readProblem(await call(apiPaths.complaintFormOptions, { token }), 403);
      expect(problem.detail).toBe('Your privileges do not allow this.');
    }
    await readProblem(await call(apiPaths.complaintFormOptions), 401);
  });
});
