/** Zod-free, so the SPA's URL parsing can import it alone (the route tree is in every first load). */

/** Where a message stands: kept in the outbox (no SMTP), sent, or refused by the SMTP server. */
export const MAIL_STATES = ['kept', 'sent', 'failed'] as const;
export type MailState = (typeof MAIL_STATES)[number];
