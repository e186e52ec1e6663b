import { beforeAll, describe, expect, it } from 'vitest';
import { complaintListResponseSchema } from '../contract/complaints';
import { EXACT_TOTAL_MAX } from '../domain/lists';
import { archiveComplaint, complaints as fixtureComplaints } from '../fixtures';
import { connectApi, readAs } from './support/api';

/*
 * Past EXACT_TOTAL_MAX matching complaints the server stops counting and answers PostgreSQL's
 * estimate, said as one (`totalEstimated`); the mocks count, and say the same. Either way the
 * total is near the truth and every page, the last included, is reached.
 */
const api = connectApi();
const ARCHIVE = EXACT_TOTAL_MAX + 500;
const TOTAL = fixtureComplaints.length + ARCHIVE;

beforeAll(async () => {
  await api.addArchiveComplaints(ARCHIVE);
}, 120_000);

const page = async (query: string) =>
  readAs(complaintListResponseSchema, await api.call('GET', `api/v1/complaints?${query}`, { as: 'officer' })).data;

describe(`a complaint list of more than ${EXACT_TOTAL_MAX} matches`, () => {
  it('answers its total as an estimate said as one, near the truth, with pages to match', async () => {
    const { pagination } = await page('history=true&limit=50&sort=-dateOfMisconduct');
    expect(pagination.totalEstimated).toBe(true);
    expect(pagination.totalRow).toBeGreaterThan(EXACT_TOTAL_MAX);
    // The server's is PostgreSQL's estimate; the mocks' is the exact count.
    expect(Math.abs(pagination.totalRow - TOTAL) / TOTAL).toBeLessThan(0.2);
    expect(pagination.totalPage).toBe(Math.ceil(pagination.totalRow / 50));
  });

  it('reaches its last page by place, the oldest misconduct last', async () => {
    const last = await page('history=true&limit=50&sort=-dateOfMisconduct&cursor=last');
    expect(last.items).toHaveLength(50);
    expect(last.items.at(-1)!.refNo).toBe(archiveComplaint(ARCHIVE).refNo);
    expect(last.pagination).toMatchObject({ next: null, previous: expect.any(String) });
  });

  it('counts exactly a filter that matches fewer, whatever the table holds', async () => {
    const open = await page('history=true&status=1,2');
    expect(open.pagination).toMatchObject({ totalEstimated: false, totalRow: fixtureComplaints.filter((c) => c.status <= 2).length });
  });
});
