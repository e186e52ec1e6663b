import { ACTIVATION_TTL_HOURS, OTP_TTL_MINUTES } from '@contract';
import type { FixtureAccount } from '@fixtures';
import { mockDb, type MockDbState, type OutboxMail } from './db';

/** Where links in mails lead: the SPA's own origin, or a stand-in where there is no `location`. */
function appUrl(): string {
  return typeof location === 'undefined' ? 'http://localhost' : location.origin;
}

/** "Sends" a mail: the mock API, like a server without SMTP, keeps it in its outbox. */
function send(db: MockDbState, mail: Omit<OutboxMail, 'createdAt'>): void {
  db.outbox.push({ ...mail, createdAt: new Date().toISOString() });
}

export function sendActivationMail(db: MockDbState, account: FixtureAccount, code: string): void {
  send(db, {
    to: account.email,
    subject: 'Activate your Complaint Desk account',
    text: [
      `Hello ${account.fullName},`,
      '',
      'Open this link to activate your Complaint Desk account:',
      `${appUrl()}/account/activation/${code}`,
      '',
      `The link works once and expires in ${ACTIVATION_TTL_HOURS} hours.`,
      'If you did not register, ignore this message.',
    ].join('\n'),
  });
}

export function sendPasswordResetCode(
  db: MockDbState,
  account: FixtureAccount,
  code: string,
): void {
  send(db, {
    to: account.email,
    subject: 'Your Complaint Desk password reset code',
    text: [
      `Hello ${account.fullName},`,
      '',
      `Your code: ${code}`,
      '',
      `It works once and expires in ${OTP_TTL_MINUTES} minutes.`,
      'If you did not ask to reset your password, ignore this message.',
    ].join('\n'),
  });
}

/** Test hook (docs/account-rules.md): the mails sent to that address, newest first. */
export function outbox(to: string): OutboxMail[] {
  const address = to.toLowerCase();
  return mockDb()
    .outbox.filter((mail) => mail.to.toLowerCase() === address)
    .map((mail) => ({ ...mail }))
    .reverse();
}
