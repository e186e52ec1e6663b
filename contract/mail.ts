import { z } from 'zod';
import { itemEnvelope, listEnvelope, listQuerySchema } from './envelope';
import { MAIL_STATES } from './mail-fields';

export * from './mail-fields';

/** A message the system sent, as a mailbox shows it: one-time codes masked. */
export const mailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  /** Plain text, codes and activation links masked. */
  text: z.string(),
  createdAt: z.iso.datetime(),
  state: z.enum(MAIL_STATES),
  sentAt: z.iso.datetime().nullable(),
  /** The SMTP server's refusal of a failed message. */
  error: z.string().nullable(),
});
export type MailMessage = z.infer<typeof mailSchema>;

/** `GET /api/v1/mail`: the caller's own messages, newest first (no other order); `all=true` every outgoing one (administrators); `q` in address or subject. */
export const mailListQuerySchema = listQuerySchema.omit({ sort: true }).extend({
  all: z.enum(['true', 'false']).optional(),
  state: z.enum(MAIL_STATES).optional(),
});
export type MailListQuery = z.input<typeof mailListQuerySchema>;

export const mailListResponseSchema = listEnvelope(mailSchema);
export type MailListResponse = z.infer<typeof mailListResponseSchema>;
export const mailResponseSchema = itemEnvelope(mailSchema);
export type MailResponse = z.infer<typeof mailResponseSchema>;
