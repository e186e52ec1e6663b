import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintListResponseSchema } from '../../contract/complaints';
import { appSecrets, files } from '../db/schema';
import { fileUrls } from '../services/file-urls';
import { createTestApp } from '../test/test-app';
import { expectProblem as expectProblemDocument } from '../test/expect-problem';

let t: Awaited<ReturnType<typeof createTestApp>>;
/** Signed addresses of two different seeded files, as the complaint list hands them out. */
let first: URL;
let second: URL;
/** Signs addresses with the app's own key (read from this test's database), at any clock. */
let signAt: (nowMs: number, fileId: string) => string;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/complaints?history=true&limit=1000', headers: await t.signIn('officer') });
  const addresses = complaintListResponseSchema.parse(res.json()).data.items.flatMap((c) => c.complaintAttachments.map((a) => a.file));
  first = new URL(addresses[0]!, 'http://x');
  second = new URL(addresses.find((a) => new URL(a, 'http://x').pathname !== first.pathname)!, 'http://x');
  const [secret] = await t.db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, 'file-urls'));
  signAt = (nowMs, fileId) => fileUrls(secret!.value, () => nowMs).url(fileId);
});
afterAll(() => t.close());

const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });
const idOf = (url: URL) => url.pathname.split('/').pop()!;
const address = (id: string, exp: string | null, sig: string | null) =>
  `/api/v1/files/${id}?${new URLSearchParams({ ...(exp === null ? {} : { exp }), ...(sig === null ? {} : { sig }) })}`;

function expectProblem(res: Parameters<typeof expectProblemDocument>[0] & { rawPayload: Buffer }, status: number) {
  const problem = expectProblemDocument(res, status);
  // No image bytes leak with a refusal.
  expect(res.rawPayload.includes(Buffer.from('PNG'))).toBe(false);
  return problem;
}

describe('GET /api/v1/files/:id', () => {
  it('answers the PNG bytes for a signed address, without any session', async () => {
    const res = await fetchFile(first.pathname + first.search);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toContain('private');
    const [row] = await t.db
      .select({ sizeBytes: files.sizeBytes })
      .from(files)
      .where(eq(files.id, idOf(first)));
    expect(res.rawPayload.length).toBe(row!.sizeBytes);
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('answers 403 for a tampered signature', async () => {
    const sig = first.searchParams.get('sig')!;
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    expectProblem(await fetchFile(address(idOf(first), first.searchParams.get('exp'), flipped)), 403);
    expectProblem(await fetchFile(address(idOf(first), first.searchParams.get('exp'), sig.slice(0, -1))), 403);
    expectProblem(await fetchFile(address(idOf(first), first.searchParams.get('exp'), '')), 403);
  });

  it('answers 403 when exp is moved, so the signature no longer covers it', async () => {
    const later = String(Number(first.searchParams.get('exp')) + 3600);
    expectProblem(await fetchFile(address(idOf(first), later, first.searchParams.get('sig'))), 403);
  });

  it('answers 403 for a correctly signed address that has expired', async () => {
    const expired = new URL(signAt(Date.now() - 3 * 3_600_000, idOf(first)), 'http://x');
    expect(Number(expired.searchParams.get('exp')) * 1000).toBeLessThan(Date.now());
    expectProblem(await fetchFile(expired.pathname + expired.search), 403);
    // The same key at the present time signs an address that works: only the expiry refused it.
    expect((await fetchFile(signAt(Date.now(), idOf(first)))).statusCode).toBe(200);
  });

  it('answers 403 for another file’s id under this signature', async () => {
    expectProblem(await fetchFile(address(idOf(second), first.searchParams.get('exp'), first.searchParams.get('sig'))), 403);
    expectProblem(await fetchFile(address(randomUUID(), first.searchParams.get('exp'), first.searchParams.get('sig'))), 403);
  });

  it('answers 404 for a validly signed id that is not in the table', async () => {
    const missing = randomUUID();
    const res = await fetchFile(signAt(Date.now(), missing));
    expectProblem(res, 404);
  });

  it('answers 400 for a malformed id, and for a missing or malformed exp or sig', async () => {
    const exp = first.searchParams.get('exp');
    const sig = first.searchParams.get('sig');
    expect(expectProblem(await fetchFile(address('not-a-uuid', exp, sig)), 400).errors).toHaveProperty('id');
    expect(expectProblem(await fetchFile(address('..%2F..%2Fetc%2Fpasswd', exp, sig)), 400).errors).toHaveProperty('id');
    expect(expectProblem(await fetchFile(address(idOf(first), null, sig)), 400).errors).toHaveProperty('exp');
    expect(expectProblem(await fetchFile(address(idOf(first), 'soon', sig)), 400).errors).toHaveProperty('exp');
    expect(expectProblem(await fetchFile(address(idOf(first), exp, null)), 400).errors).toHaveProperty('sig');
    expect(expectProblem(await fetchFile(address(idOf(first), exp, 'x'.repeat(101))), 400).errors).toHaveProperty('sig');
  });
});
