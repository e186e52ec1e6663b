import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('publishes every API call as OpenAPI 3.1, from the contract schemas', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json();
  expect(doc.openapi).toBe('3.1.0');
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining([
      '/api/v1/auth/sign-in',
      '/api/v1/menu/privileges',
      '/api/v1/notifications/{id}',
      '/api/v1/complaints',
      '/api/v1/type-of-offences',
    ]),
  );
  const body = doc.paths['/api/v1/auth/sign-in'].post.requestBody.content['application/json'].schema;
  expect(body.required).toEqual(expect.arrayContaining(['email', 'password']));
});

it('renders a readable reference with the strict CSP and no script', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/html');
  expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  expect(res.body).toContain('/api/v1/complaints');
  expect(res.body).not.toContain('<script');
});

it('sends security headers on every answer', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
  expect(res.statusCode).toBe(404);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
});
