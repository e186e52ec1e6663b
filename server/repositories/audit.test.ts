import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema';
import { createTestApp } from '../test/test-app';

// What only the server has: the table itself refuses to rewrite the trail.
describe('audit_events', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses UPDATE and DELETE, whoever asks', async () => {
    const admin = await t.signIn('admin');
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/zones', headers: admin, payload: { code: 'ZX', name: 'Zone X' } });
    expect(res.statusCode).toBe(201);
    const [event] = await t.db.select().from(auditEvents);
    expect(event).toMatchObject({ action: 'create', entity: 'zone', actorEmail: 'admin@example.com' });
    const refusal = (error: unknown) => String((error as { cause?: Error }).cause?.message ?? error);
    await expect(t.db.execute(sql`update audit_events set action = 'delete'`).catch(refusal)).resolves.toBe('audit_events is append-only');
    await expect(t.db.execute(sql`delete from audit_events`).catch(refusal)).resolves.toBe('audit_events is append-only');
    expect(await t.db.select().from(auditEvents)).toEqual([event]);
  });
});
