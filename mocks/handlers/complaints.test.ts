import {
  apiPaths,
  complaintListResponseSchema,
  complaintResponseSchema,
  problemTypes,
} from '@contract';
import {
  complaints,
  contractorOrganizationComplaints,
  demoAccounts,
  DISTINCTIVE_COMPLAINT_ID,
  newestComplaint,
} from '@fixtures';
import { call, readAs, readProblem, signIn } from '../api-test-client';

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
    await readProblem(await call(apiPaths.complaint('abc'), { token }), 400, problemTypes.validation);
  });
});
