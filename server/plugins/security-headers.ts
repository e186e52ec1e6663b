import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Helmet's headers for these options, worked out once. Without CSP nonces they are the same
 * on every answer, yet @fastify/helmet builds its middleware anew on every request (options
 * checked, the policy serialised again). So helmet answers one request of a throwaway
 * instance, and its headers are whatever that answer has beyond a plain instance's.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  if (options.enableCSPNonces) throw new Error('CSP nonces differ per answer; they cannot be set once');
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify();
    if (withHelmet) await probe.register(helmet, options);
    probe.get('/', async () => 'ok');
    try {
      return (await probe.inject('/')).headers;
    } finally {
      await probe.close();
    }
  };
  const [plain, secured] = await Promise.all([answer(false), answer(true)]);
  return Object.fromEntries(
    Object.entries(secured)
      .filter(([name]) => !(name in plain))
      .map(([name, value]) => [name, String(value)]),
  );
}

/** Helmet's security headers on every answer, as @fastify/helmet sets them, computed once. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: FastifyHelmetOptions) => {
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
