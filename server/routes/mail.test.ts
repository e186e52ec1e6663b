import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailListResponseSchema, mailResponseSchema } from '../../contract/mail';
import { demoAccounts } from '../../fixtures';
import { mailOutbox } from '../db/schema';
import { createTestApp } from '../test/test-app';

/*
 * Delivery against a real SMTP server (a tiny one in this process): a message the server
 * refuses is kept as failed with the refusal; an administrator sends it again once the
 * server takes mail, and it is sent. The mocks have no SMTP; this is the server's own test.
 */

let refuse = true;
const received: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo(_address, _session, callback) {
    if (refuse) return callback(Object.assign(new Error('5.7.1 Relaying denied for this test'), { responseCode: 550 }));
    callback();
  },
  onData(stream, _session, callback) {
    let text = '';
    stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
    stream.on('end', () => {
      received.push(text);
      callback();
    });
  },
});

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('a resend with no SMTP server set up', () => {
  it('leaves the message refused as it was, to be sent once there is one', async () => {
    const bare = await createTestApp();
    try {
      await bare.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: demoAccounts.officer.email } });
      const [row] = await bare.db.update(mailOutbox).set({ error: '421 try later' }).returning({ id: mailOutbox.id });
      const admin = await bare.signIn('admin');
      const res = await bare.app.inject({ method: 'POST', url: `/api/v1/mail/${row!.id}/resend`, headers: admin });
      expect(mailResponseSchema.parse(res.json()).data).toMatchObject({ state: 'failed', error: '421 try later' });
    } finally {
      await bare.close();
    }
  });
});

describe('mail delivery', () => {
  it('keeps a refused message as failed with the SMTP error, and sends it again on request', async () => {
    const officer = demoAccounts.officer.email;
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: officer } })).statusCode).toBe(202);
    const admin = await t.signIn('admin');
    const list = async () =>
      mailListResponseSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/v1/mail?all=true&state=failed', headers: admin })).json(),
      ).data.items;
    const [failed] = await list();
    expect(failed).toMatchObject({ to: officer, state: 'failed', sentAt: null });
    expect(failed!.error).toContain('Relaying denied for this test');
    expect(received).toEqual([]);
    // The recipient sees that it failed, not the SMTP server's words (they may name hosts).
    const own = mailListResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/mail', headers: await t.signIn('officer') })).json(),
    ).data.items;
    expect(own.find((m) => m.id === failed!.id)).toMatchObject({ state: 'failed', error: null });

    // Still refused: failed again, with the new refusal.
    const again = await t.app.inject({ method: 'POST', url: `/api/v1/mail/${failed!.id}/resend`, headers: admin });
    expect(mailResponseSchema.parse(again.json()).data).toMatchObject({
      state: 'failed',
      error: expect.stringContaining('Relaying denied'),
    });

    refuse = false;
    const sent = await t.app.inject({ method: 'POST', url: `/api/v1/mail/${failed!.id}/resend`, headers: admin });
    expect(sent.statusCode).toBe(200);
    expect(mailResponseSchema.parse(sent.json()).data).toMatchObject({ id: failed!.id, state: 'sent', error: null });
    expect(received).toHaveLength(1);
    // The code crossed the wire; the mailbox still masks it.
    const code = /Your code: (\d{6})/.exec(received[0]!)![1]!;
    expect(
      mailResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/api/v1/mail/${failed!.id}`, headers: admin })).json()).data.text,
    ).not.toContain(code);
    expect(await list()).toEqual([]);

    // Sent is done: a second resend is refused and sends nothing.
    const twice = await t.app.inject({ method: 'POST', url: `/api/v1/mail/${failed!.id}/resend`, headers: admin });
    expect(twice.statusCode).toBe(409);
    expect(received).toHaveLength(1);
  });
});
