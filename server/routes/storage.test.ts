import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../contract/account-rules';
import { uploadFileResponseSchema } from '../../contract/files';
import { demoAccounts } from '../../fixtures';
import { accountCodes, files, mailOutbox } from '../db/schema';
import { imageBytes, multipartFile } from '../test/multipart';
import { createTestApp } from '../test/test-app';

// What only the server has: how codes and uploads are stored. The rules of these calls are
// in api-tests/account.test.ts, run on both back ends.

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('storage', () => {
  it('keeps codes and tokens hashed: the mailed code is nowhere in the table', async () => {
    const { email } = demoAccounts.contractor;
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email } });
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(sql`lower(${mailOutbox.toAddress})`, email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const code = /Your code: (\d{6})/.exec(mail!.bodyText)![1]!;
    const rows = await t.db.select({ codeHash: accountCodes.codeHash }).from(accountCodes);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.codeHash).not.toContain(code);
  });

  it('stores an upload under a name of its own making, and nothing of a refused one', async () => {
    const headers = await t.signIn('contractor');
    const upload = (body: ReturnType<typeof multipartFile>) =>
      t.app.inject({ method: 'POST', url: '/api/v1/files', payload: body.payload, headers: { ...body.headers, ...headers } });
    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(files))[0]!.n;
    const res = await upload(multipartFile(imageBytes.jpeg(5000), { filename: '../../etc/passwd.png', contentType: 'image/png' }));
    const [row] = await t.db
      .select()
      .from(files)
      .where(eq(files.id, uploadFileResponseSchema.parse(res.json()).data.id));
    expect(row!.storageName).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    const before = await count();
    expect((await upload(multipartFile(imageBytes.gif(), { filename: 'a.png' }))).statusCode).toBe(415);
    expect((await upload(multipartFile(imageBytes.png(MAX_FILE_BYTES + 1)))).statusCode).toBe(413);
    expect(await count()).toBe(before);
  });
});
