import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { securityHeadersPlugin } from './security-headers';

const options = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], styleSrc: ["'self'", "'unsafe-inline'"], frameAncestors: ["'none'"] } },
  crossOriginEmbedderPolicy: false,
};

async function appWith(plugin: 'helmet' | 'computed') {
  const app = Fastify();
  await (plugin === 'helmet' ? app.register(helmet, options) : app.register(securityHeadersPlugin, options));
  app.get('/ok', async () => ({ ok: true }));
  app.get(
    '/refused',
    {
      onRequest: async () => {
        throw Object.assign(new Error('no'), { statusCode: 401 });
      },
    },
    async () => ({}),
  );
  app.get('/own', async (_request, reply) => reply.header('x-frame-options', 'SAMEORIGIN').send('x'));
  return app;
}

it('answers with the very headers @fastify/helmet sets, on success, refusal, 404 and a route that sets its own', async () => {
  const [expected, actual] = [await appWith('helmet'), await appWith('computed')];
  const headers = (h: Record<string, unknown>) => Object.fromEntries(Object.entries(h).filter(([name]) => name !== 'date'));
  for (const url of ['/ok', '/refused', '/missing', '/own']) {
    const [want, got] = [await expected.inject(url), await actual.inject(url)];
    expect(got.statusCode).toBe(want.statusCode);
    expect(headers(got.headers)).toEqual(headers(want.headers));
  }
  expect((await actual.inject('/ok')).headers['content-security-policy']).toContain("frame-ancestors 'none'");
  await Promise.all([expected.close(), actual.close()]);
});
