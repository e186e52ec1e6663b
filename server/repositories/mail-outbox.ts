import { desc, eq, sql } from 'drizzle-orm';
import type { Mail } from '../../domain/accounts';
import type { DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema';

/** Keeps a message, inside the caller's transaction; answers its id. */
export async function enqueueMail(tx: DbOrTx, mail: Mail) {
  const [row] = await tx.insert(mailOutbox).values({ toAddress: mail.to, subject: mail.subject, bodyText: mail.text }).returning({ id: mailOutbox.id });
  return row!.id;
}

export async function findMail(db: DbOrTx, id: number): Promise<Mail | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ? { to: row.toAddress, subject: row.subject, text: row.bodyText } : null;
}

/** Sent, or why not. */
export async function markMail(db: DbOrTx, id: number, outcome: { sentAt: Date; error: null } | { error: string }) {
  await db.update(mailOutbox).set(outcome).where(eq(mailOutbox.id, id));
}

/** The messages to one address, newest first (the test hook's "mail box"). */
export async function mailsTo(db: DbOrTx, to: string) {
  const rows = await db
    .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.bodyText, createdAt: mailOutbox.createdAt })
    .from(mailOutbox)
    .where(eq(sql`lower(${mailOutbox.toAddress})`, to.toLowerCase()))
    .orderBy(desc(mailOutbox.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
