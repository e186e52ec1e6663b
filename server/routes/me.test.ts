import { afterAll, beforeAll, expect, it } from 'vitest';
import { meResponseSchema } from '../../contract/auth';
import { createTestApp } from '../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/v1/me', headers });

// What only the server has: avatars are shown through signed, expiring file addresses
// (the rules of GET/PATCH /api/v1/me are in api-tests/me.test.ts).
it('answers the signed-in user with a signed avatar address', async () => {
  const res = await me(await t.signIn('officer'));
  expect(res.statusCode).toBe(200);
  expect(meResponseSchema.parse(res.json()).data.image).toMatch(/^\/api\/v1\/files\/[0-9a-f-]{36}\?exp=\d+&sig=/);
});
