import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { MailMessage, MailState } from '../../contract/mail';
import type { Mail } from '../../domain/accounts';
import { wantsNoticeMail, type Notice } from '../../domain/complaint-notices';
import { mailState, noticeMail, shownText } from '../../domain/mail';
import type { DbOrTx } from '../db/client';
import { mailOutbox, users } from '../db/schema';
import { LIST_RULES, pageOf } from '../../domain/lists';
import { containing, pageWithTotal, totalOf } from './pagination';

/** Keeps a message, inside the caller's transaction; answers its id. */
export async function enqueueMail(tx: DbOrTx, mail: Mail) {
  const [row] = await tx
    .insert(mailOutbox)
    .values({ toAddress: mail.to, subject: mail.subject, bodyText: mail.text, shownText: shownText(mail) })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/**
 * Each notice also as a message, to the active recipients whose profile asks for notices by
 * e-mail (off by default), inside the caller's transaction; answers their ids.
 */
export async function enqueueNoticeMails(tx: DbOrTx, notices: readonly Notice[], appUrl: string) {
  if (notices.length === 0) return [];
  const recipients = await tx
    .select({ id: users.id, email: users.email, status: users.status, preferences: users.preferences })
    .from(users)
    .where(
      inArray(
        users.id,
        notices.map((n) => n.recipientId),
      ),
    );
  const emailOf = new Map(recipients.filter(wantsNoticeMail).map((u) => [u.id, u.email]));
  const ids: number[] = [];
  for (const notice of notices) {
    const to = emailOf.get(notice.recipientId);
    if (to !== undefined) ids.push(await enqueueMail(tx, noticeMail(to, notice, appUrl)));
  }
  return ids;
}

/** The message as it is sent, code and all. */
export async function findMail(db: DbOrTx, id: number): Promise<Mail | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ? { to: row.toAddress, subject: row.subject, text: row.bodyText } : null;
}

/** Sent, or why not. */
export async function markMail(db: DbOrTx, id: number, outcome: { sentAt: Date; error: null } | { error: string }) {
  await db.update(mailOutbox).set(outcome).where(eq(mailOutbox.id, id));
}

const shown = {
  id: mailOutbox.id,
  to: mailOutbox.toAddress,
  subject: mailOutbox.subject,
  text: mailOutbox.shownText,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
  error: mailOutbox.error,
};
type ShownRow = { id: number; to: string; subject: string; text: string; createdAt: Date; sentAt: Date | null; error: string | null };

const toMessage = (r: ShownRow): MailMessage => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
  state: mailState(r),
});

const STATE_FILTER: Record<MailState, SQL> = {
  sent: isNotNull(mailOutbox.sentAt),
  failed: and(isNull(mailOutbox.sentAt), isNotNull(mailOutbox.error))!,
  kept: and(isNull(mailOutbox.sentAt), isNull(mailOutbox.error))!,
};

/**
 * Takes a refused message back for sending again: clears its error if it still has one and was
 * never sent. False when another request took it first (so it is sent once).
 */
export async function takeForResend(db: DbOrTx, id: number) {
  const rows = await db
    .update(mailOutbox)
    .set({ error: null })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt), isNotNull(mailOutbox.error)))
    .returning({ id: mailOutbox.id });
  return rows.length === 1;
}

const searchColumn = { to: mailOutbox.toAddress, subject: mailOutbox.subject };

/** A page of messages, newest first, as mailboxes show them: to one address, or every one. */
export async function listMail(db: DbOrTx, query: { to: string | null; page: number; limit: number; q?: string; state?: MailState }) {
  const filters: (SQL | undefined)[] = [];
  if (query.to !== null) filters.push(eq(sql`lower(${mailOutbox.toAddress})`, query.to.toLowerCase()));
  if (query.q) filters.push(or(...LIST_RULES.mail.searchIn.map((field) => ilike(searchColumn[field], containing(query.q!)))));
  if (query.state) filters.push(STATE_FILTER[query.state]);
  const where = and(...filters);
  const counted = () => db.select({ n: count() }).from(mailOutbox).where(where);
  const rows = await db
    .select({ ...shown, total: totalOf(counted()) })
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.id))
    .limit(query.limit)
    .offset(pageOf(query.page, query.limit).offset);
  return pageWithTotal(
    rows,
    query,
    ({ total: _t, ...r }) => toMessage(r),
    async () => (await counted())[0]?.n ?? 0,
  );
}

/** One message as mailboxes show it. */
export async function findShownMail(db: DbOrTx, id: number): Promise<MailMessage | null> {
  const [row] = await db.select(shown).from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ? toMessage(row) : null;
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
