import type { Db } from '../../db/client';
import type { Mailer } from '../../services/mailer';

/** What the account routes (sign-in, registration, password reset) are built with. */
export interface AuthRoutesOptions {
  db: Db;
  sessionTtlMs: number;
  imageUrl: (fileId: string) => string;
  mailer: Mailer;
  /** Where the SPA is, for the links in mails. */
  appUrl: string;
  /** Seals each user's TOTP secret (services/second-factor-key.ts). */
  secondFactorKey: Buffer;
}
