import type { MailState } from '../contract/mail';
import type { Mail } from './accounts';
import type { Notice } from './complaint-notices';
import { allow, problems, refuse, type Decision } from './problems';

/** What stands in a mailbox for a one-time code. */
export const MASKED_CODE = '••••••';

/**
 * A message as mailboxes show it: its code masked, used or not. A code readable in the
 * mailbox would let a stolen session reset the password and keep the account.
 */
export const shownText = (mail: Mail) => (mail.secret ? mail.text.split(mail.secret).join(MASKED_CODE) : mail.text);

/** Where a kept message stands, from when it was sent and what refused it. */
export function mailState(mail: { sentAt: string | Date | null; error: string | null }): MailState {
  if (mail.sentAt !== null) return 'sent';
  return mail.error !== null ? 'failed' : 'kept';
}

/**
 * A message as its reader may see it: the SMTP server's words (which may name internal hosts)
 * only for who manages users; the recipient sees the state alone.
 */
export const deliveryFor = <M extends { error: string | null }>(message: M, administers: boolean): M =>
  administers ? message : { ...message, error: null };

/** Every outgoing message (`all`) only for who manages users; anyone lists their own. */
export const decideMailList = (all: boolean, administers: boolean): Decision =>
  all && !administers ? refuse(problems.forbidden()) : allow();

/** Whether a reader may open a message: sent to their address, whatever its case, or any for who manages users. */
export const mayReadMail = (mail: { to: string }, readerEmail: string, administers: boolean) =>
  administers || mail.to.toLowerCase() === readerEmail.toLowerCase();

/** Only a message the SMTP server refused is sent again. */
export function decideResend(mail: { sentAt: string | Date | null; error: string | null }): Decision {
  const state = mailState(mail);
  return state === 'failed' ? allow() : refuse(problems.mailNotFailed(state));
}

/** Where a notice's complaint opens: its detail on History. */
export const complaintLink = (appUrl: string, complaintId: number) =>
  `${appUrl.replace(/\/$/, '')}/manage-complaint/history-complaint?detail=${complaintId}`;

/**
 * A notice about a complaint, mailed to a recipient who chose so in their profile; one of a
 * withdrawn complaint has nothing to open.
 */
export function noticeMail(to: string, notice: Pick<Notice, 'title' | 'description' | 'complaintId'>, appUrl: string): Mail {
  const open = notice.complaintId === null ? [] : ['', 'Open the complaint:', complaintLink(appUrl, notice.complaintId)];
  return {
    to,
    subject: `Complaint Desk: ${notice.title}`,
    text: [
      notice.description,
      ...open,
      '',
      'You receive this because your profile asks for each notification by e-mail; switch it off there.',
    ].join('\n'),
  };
}
