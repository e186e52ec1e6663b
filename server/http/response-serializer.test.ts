import Fastify from 'fastify';
import { serializerCompiler as zodSerializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { notificationListResponseSchema } from '../../contract/notifications';
import { typeOfOffenceListResponseSchema } from '../../contract/type-of-offences';
import { responseSerializerCompiler, serializableJsonSchema } from './response-serializer';

const account = z.object({
  id: z.number().int(),
  email: z.email(),
  phone: z.string().nullable(),
  organizationId: z.number().int().nullable(),
  role: z.enum(['officer', 'verifier']),
  status: z.union([z.literal(1), z.literal(2)]),
  manager: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  tags: z.array(z.object({ name: z.string() })),
  note: z.string().optional(),
});

/** An app with the serializer under test and routes answering whatever `send` holds. */
async function appWith(routes: { url: string; schema: z.ZodType; status?: number; send: () => unknown }[]) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  for (const { url, schema, status = 200, send } of routes) {
    app.get(url, { schema: { response: { [status]: schema } } }, async (_request, reply) => reply.code(status).send(send() as never));
  }
  await app.ready();
  return app;
}

const declared = {
  id: 7,
  email: 'officer@example.com',
  phone: null,
  organizationId: 3,
  role: 'officer',
  status: 2,
  manager: { id: 1, name: 'Admin' },
  tags: [{ name: 'a' }, { name: 'b' }],
} as const;

describe('responseSerializerCompiler', () => {
  it('never writes a property the contract does not declare, at any depth', async () => {
    const leaky = {
      ...declared,
      passwordHash: 'argon2id$secret',
      manager: { ...declared.manager, passwordHash: 'argon2id$secret' },
      tags: declared.tags.map((tag) => ({ ...tag, recipientId: 99 })),
    };
    const app = await appWith([
      { url: '/leaky', schema: z.object({ data: z.array(account) }), send: () => ({ data: [leaky], token: 'secret' }) },
    ]);
    const res = await app.inject({ method: 'GET', url: '/leaky' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [declared] });
    expect(res.body).not.toMatch(/secret|passwordHash|recipientId|token/);
  });

  it('writes nulls, optional members and dates as zod would', async () => {
    const withNulls = { ...declared, organizationId: null, manager: null, note: 'n' };
    const app = await appWith([
      { url: '/nulls', schema: account, send: () => withNulls },
      { url: '/date', schema: z.object({ at: z.iso.datetime() }), send: () => ({ at: new Date(Date.UTC(2026, 10, 21, 2)) }) },
    ]);
    expect((await app.inject({ method: 'GET', url: '/nulls' })).json()).toEqual(withNulls);
    expect((await app.inject({ method: 'GET', url: '/date' })).json()).toEqual({ at: '2026-11-21T02:00:00.000Z' });
  });

  it('fails the response with a 500 when a required member is missing', async () => {
    const { email: _, ...withoutEmail } = declared;
    const app = await appWith([{ url: '/broken', schema: account, send: () => withoutEmail }]);
    const res = await app.inject({ method: 'GET', url: '/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('officer@example.com');
  });

  it('leaves to zod what only zod can encode: codecs, transforms, no body', async () => {
    const isoDate = z.codec(z.iso.datetime(), z.date(), { decode: (text) => new Date(text), encode: (date) => date.toISOString() });
    expect(serializableJsonSchema(z.object({ at: isoDate }))).toBeNull();
    expect(serializableJsonSchema(z.undefined())).toBeNull();
    const app = await appWith([
      { url: '/codec', schema: z.object({ at: isoDate }), send: () => ({ at: new Date(0), extra: 1 }) },
      { url: '/none', schema: z.null(), status: 204, send: () => null },
    ]);
    expect((await app.inject({ method: 'GET', url: '/codec' })).json()).toEqual({ at: '1970-01-01T00:00:00.000Z' });
    const none = await app.inject({ method: 'GET', url: '/none' });
    expect([none.statusCode, none.body]).toEqual([204, '']);
  });

  it('answers the contract lists exactly as the zod serializer did', () => {
    const notice = {
      id: 1,
      title: 'T "quoted"\n',
      description: '<b>d</b>\u2028',
      isRead: false,
      complaintId: null,
      withdrawnComplaintRefNo: 'CMP-2026-000052',
      createdAt: '2026-11-21T02:00:00.000Z',
    };
    const offence = { id: 2, name: 'Illegal dumping', description: '', defaultRate: 500.5, isActive: true };
    const pagination = { page: 1, limit: 10, totalRow: 2, totalPage: 1 };
    for (const [schema, item] of [
      [notificationListResponseSchema, notice],
      [typeOfOffenceListResponseSchema, offence],
    ] as const) {
      const body = {
        data: {
          items: [
            { ...item, total: 2 },
            { ...item, id: 3 },
          ],
          pagination,
        },
      };
      const route = { schema, method: 'GET', url: '/list' };
      const fast = responseSerializerCompiler(route)(body);
      expect(JSON.parse(fast)).toEqual(JSON.parse(zodSerializerCompiler(route)(body)));
      expect(JSON.parse(fast)).toEqual(schema.parse(body));
    }
  });
});
