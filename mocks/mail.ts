import { shownText, type Mail } from '@domain';
import { mockDb, type MockDbState, type OutboxMail } from './db';

/** Where links in mails lead: the SPA's own origin, or a stand-in where there is no `location`. */
export const appUrl = () => (typeof location === 'undefined' ? 'http://localhost' : location.origin);

/** "Sends" a mail: the mock API, like a server without SMTP, keeps it in its outbox. */
export function send(db: MockDbState, mail: Mail): void {
  db.outbox.push({
    ...mail,
    id: (db.sequences.mail += 1),
    shownText: shownText(mail),
    createdAt: new Date().toISOString(),
    sentAt: null,
    error: null,
  });
}

/** Test hook (docs/account-rules.md): the mails sent to that address, newest first. */
export function outbox(to: string): Pick<OutboxMail, 'to' | 'subject' | 'text' | 'createdAt'>[] {
  const address = to.toLowerCase();
  return mockDb()
    .outbox.filter((mail) => mail.to.toLowerCase() === address)
    .map(({ to, subject, text, createdAt }) => ({ to, subject, text, createdAt }))
    .reverse();
}
