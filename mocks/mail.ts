import type { Mail } from '@domain';
import { mockDb, type MockDbState, type OutboxMail } from './db';

/** Where links in mails lead: the SPA's own origin, or a stand-in where there is no `location`. */
export const appUrl = () => (typeof location === 'undefined' ? 'http://localhost' : location.origin);

/** "Sends" a mail: the mock API, like a server without SMTP, keeps it in its outbox. */
export function send(db: MockDbState, mail: Mail): void {
  db.outbox.push({ ...mail, createdAt: new Date().toISOString() });
}

/** Test hook (docs/account-rules.md): the mails sent to that address, newest first. */
export function outbox(to: string): OutboxMail[] {
  const address = to.toLowerCase();
  return mockDb()
    .outbox.filter((mail) => mail.to.toLowerCase() === address)
    .map((mail) => ({ ...mail }))
    .reverse();
}
