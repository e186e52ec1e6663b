import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Mail } from '../../domain/accounts';
import type { Db, DbOrTx } from '../db/client';
import { enqueueMail, findMail, markMail } from '../repositories/mail-outbox';

export interface Mailer {
  /** Keeps the message in the outbox, inside the caller's transaction; returns its id. */
  enqueue: (tx: DbOrTx, mail: Mail) => Promise<number>;
  /** After the transaction committed: sends it over SMTP, or writes it to the log. */
  deliver: (id: number) => Promise<void>;
  /** Test servers only (`/api/test/smtp`): another SMTP server from now on; null for the configured one. */
  useSmtp: (url: string | null) => void;
}

/**
 * Every message goes through the outbox, so nothing is mailed for a change that rolled back
 * and a fresh install without SMTP still has its activation links (in the log and the table).
 */
export function createMailer({ db, smtpUrl, from, log }: { db: Db; smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  let transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    enqueue: enqueueMail,
    useSmtp(url) {
      transport?.close();
      const next = url ?? smtpUrl;
      transport = next ? nodemailer.createTransport(next) : null;
    },
    async deliver(id) {
      const mail = await findMail(db, id);
      if (!mail) return;
      if (!transport) {
        log.info({ mail: { id, ...mail } }, 'mail kept in the outbox (SMTP_URL not set)');
        return;
      }
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
        await markMail(db, id, { sentAt: new Date(), error: null });
      } catch (error) {
        log.error({ err: error, mailId: id }, 'mail not sent');
        await markMail(db, id, { error: error instanceof Error ? error.message : String(error) });
      }
    },
  };
}
