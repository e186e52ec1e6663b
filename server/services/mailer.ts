import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db, DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Keeps the message in the outbox, inside the caller's transaction; returns its id. */
  enqueue: (tx: DbOrTx, mail: Mail) => Promise<number>;
  /** After the transaction committed: sends it over SMTP, or writes it to the log. */
  deliver: (id: number) => Promise<void>;
}

/**
 * Every message goes through the outbox, so nothing is mailed for a change that rolled back
 * and a fresh install without SMTP still has its activation links (in the log and the table).
 */
export function createMailer({ db, smtpUrl, from, log }: { db: Db; smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async enqueue(tx, mail) {
      const [row] = await tx.insert(mailOutbox).values({ toAddress: mail.to, subject: mail.subject, bodyText: mail.text }).returning({ id: mailOutbox.id });
      return row!.id;
    },
    async deliver(id) {
      const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      if (!mail) return;
      if (!transport) {
        log.info({ mail: { id, to: mail.toAddress, subject: mail.subject, text: mail.bodyText } }, 'mail kept in the outbox (SMTP_URL not set)');
        return;
      }
      try {
        await transport.sendMail({ from, to: mail.toAddress, subject: mail.subject, text: mail.bodyText });
        await db.update(mailOutbox).set({ sentAt: new Date(), error: null }).where(eq(mailOutbox.id, id));
      } catch (error) {
        log.error({ err: error, mailId: id }, 'mail not sent');
        await db.update(mailOutbox).set({ error: error instanceof Error ? error.message : String(error) }).where(eq(mailOutbox.id, id));
      }
    },
  };
}
