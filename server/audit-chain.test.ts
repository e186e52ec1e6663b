import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAudit } from './repositories/audit';
import { checkChains, describeBreak } from './repositories/chains';
import { createTestApp } from './test/test-app';

// Issue 35: the audit trail and each complaint's status history are hash chains kept by their
// own transactions; `npm run audit:verify` finds a row altered behind the application's back.

const run = promisify(execFile);
let t: Awaited<ReturnType<typeof createTestApp>>;
let officer: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  officer = await t.signIn('officer');
});
afterAll(() => t.close());

/** SQL as a database administrator types it, the append-only triggers and all others off for the session. */
async function behindTheAppsBack(statement: string) {
  const client = new pg.Client({ connectionString: t.connectionString });
  await client.connect();
  try {
    await client.query("set session_replication_role = 'replica'");
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const verify = () =>
  run(process.execPath, ['--import', 'tsx', 'server/audit-verify-command.ts'], {
    env: { ...process.env, DATABASE_URL: t.connectionString },
  }).then(
    ({ stdout }) => ({ code: 0, out: stdout }),
    (error: { code: number; stderr: string }) => ({ code: error.code, out: error.stderr }),
  );

/** A complaint against Alam Bersih under its contract, as the officer registers one. */
const newComplaint = (description: string) => ({
  typeOfOffenceId: 2,
  dateOfMisconduct: '2026-11-20T09:00:00+08:00',
  description,
  organizationId: 2,
  contractId: 1,
  offender: 'Lorry WXY 1234',
  location: 'Jalan Ipoh',
  qty: 1,
});

async function registerAndDelete() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/complaints',
    headers: officer,
    payload: newComplaint('Rubbish bags left by the road.'),
  });
  expect(res.statusCode).toBe(201);
  const { id } = res.json().data as { id: number };
  expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/complaints/${id}`, headers: officer })).statusCode).toBe(204);
}

describe('the hash chains', () => {
  it('are whole after the demo data, writes through the API, twenty writers at once, and a complaint deleted', async () => {
    await registerAndDelete();
    // Twenty transactions at once, each appending an event: each takes its turn at the head.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.db.transaction((tx) =>
          appendAudit(
            tx,
            { id: 1, email: 'admin@example.com', ip: null },
            { action: 'update', entity: 'zone', entityId: String(i), before: null, after: { i } },
          ),
        ),
      ),
    );
    const check = await checkChains(t.db);
    expect(check.broken).toBeNull();
    expect(check.auditEvents).toBeGreaterThanOrEqual(22);
    expect(check.head.seq).toBe(check.auditEvents);
    const { rows } = await t.db.execute<{ seqs: string }>(
      sql`select string_agg(chain_seq::text, ',' order by chain_seq) as seqs from audit_events`,
    );
    expect(rows[0]!.seqs).toBe(Array.from({ length: check.auditEvents }, (_, i) => i + 1).join(','));

    const whole = await verify();
    expect(whole.code).toBe(0);
    expect(whole.out).toContain(`Audit trail head: event ${check.head.seq}, SHA-256 ${check.head.hash}`);
  });

  it('stay whole when two API processes register complaints at once', async () => {
    const other = await t.anotherProcess();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? t.app : other).inject({
          method: 'POST',
          url: '/api/v1/complaints',
          headers: officer,
          payload: newComplaint(`Rubbish bags left by the road, ${i}.`),
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(12).fill(201));
    expect((await checkChains(t.db)).broken).toBeNull();
  });

  it('name an audit event altered in SQL, and record the check on the head', async () => {
    const [victim] = (
      await t.db.execute<{ id: number; chain_seq: string }>(sql`select id, chain_seq from audit_events order by chain_seq limit 1 offset 3`)
    ).rows;
    await behindTheAppsBack(`update audit_events set actor_email = 'someone.else@example.com' where id = ${victim!.id}`);
    const broken = await verify();
    expect(broken.code).toBe(1);
    expect(broken.out).toContain(`BROKEN: row ${victim!.id} of audit_events (place ${victim!.chain_seq}) does not match its hash`);
    const [head] = (await t.db.execute<{ verified_break: string }>(sql`select verified_break from chain_heads`)).rows;
    expect(head!.verified_break).toContain(`row ${victim!.id} of audit_events`);
  });

  it('name a status-history row altered or removed in SQL', async () => {
    // A clean database for this test: the trail altered above stays broken.
    const clean = await createTestApp();
    try {
      const check = () => checkChains(clean.db);
      expect((await check()).broken).toBeNull();
      const [row] = (
        await clean.db.execute<{ id: number; complaint_id: number; chain_seq: number }>(
          sql`select id, complaint_id, chain_seq from complaint_status_history where chain_seq = 2 order by id limit 1`,
        )
      ).rows;
      const client = new pg.Client({ connectionString: clean.connectionString });
      await client.connect();
      await client.query("set session_replication_role = 'replica'");
      await client.query(`update complaint_status_history set text = 'We were never told.' where id = ${row!.id}`);
      expect((await check()).broken).toEqual({
        table: 'complaint_status_history',
        id: row!.id,
        seq: 2,
        complaintId: row!.complaint_id,
        reason: 'content',
      });
      expect(describeBreak((await check()).broken!)).toBe(
        `row ${row!.id} of complaint_status_history (place 2 of complaint ${row!.complaint_id}) does not match its hash: its content was changed`,
      );
      // Removing that row instead leaves a gap the next row shows, or a head past the end.
      await client.query(`delete from complaint_status_history where id = ${row!.id}`);
      expect((await check()).broken).toMatchObject({ table: 'complaint_status_history', complaintId: row!.complaint_id });
      expect(['gap', 'head']).toContain((await check()).broken!.reason);
      await client.end();
    } finally {
      await clean.close();
    }
  });
});
