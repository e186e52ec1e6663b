/**
 * The account rules in plain functions, without zod, so the SPA can check a form as the
 * user types with exactly the rules the server's schemas enforce (`auth.ts` uses these).
 * Each check answers a stable issue code; the SPA translates it, the server words it. The
 * password checks, with their list of common passwords, are in `password-rules.ts`.
 */

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;
export const FULL_NAME_MAX = 120;
export const PHONE_MAX = 30;
export const EMAIL_MAX = 254;
export const PHONE_PATTERN = /^[+0-9 ()-]*$/;
/** Forgot password: a 6-digit code, 10 minutes, 5 tries; another may be asked for after 60 s. */
export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_SECONDS = 60;
export const ACTIVATION_TTL_HOURS = 24;
/** An administrator's invitation: the invitee chooses a password within this time. */
export const INVITATION_TTL_HOURS = 72;
export const RESET_TOKEN_TTL_MINUTES = 15;
/** Two-factor sign-in: the challenge after the password lives this long and takes OTP_MAX_ATTEMPTS tries. */
export const SECOND_FACTOR_CHALLENGE_MINUTES = 5;

/**
 * `type` of the problem documents the account and file calls answer, so a client can tell
 * them apart without reading the English title.
 */
export const problemTypes = {
  invalidCredentials: '/problems/invalid-credentials',
  accountPending: '/problems/account-pending',
  accountDisabled: '/problems/account-disabled',
  throttled: '/problems/throttled',
  emailTaken: '/problems/email-taken',
  linkInvalid: '/problems/activation-link-invalid',
  linkUsed: '/problems/activation-link-used',
  linkExpired: '/problems/activation-link-expired',
  codeInvalid: '/problems/code-invalid',
  codeExpired: '/problems/code-expired',
  resetTokenInvalid: '/problems/reset-token-invalid',
  wrongCurrentPassword: '/problems/wrong-current-password',
  fileTooLarge: '/problems/file-too-large',
  unsupportedFileType: '/problems/unsupported-file-type',
  uploadQuotaFull: '/problems/upload-quota-full',
  validation: '/problems/validation',
  passwordRequired: '/problems/invitation-needs-password',
  secondFactorRequired: '/problems/second-factor-required',
  idempotencyKeyReused: '/problems/idempotency-key-reused',
} as const;
export type ProblemType = (typeof problemTypes)[keyof typeof problemTypes];

/** Files (PRODUCT.md): images only, judged by content, at most 5 MB each. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];

/** The image type of these bytes by their signature, whatever the name or declared type says. */
export function sniffImageType(bytes: Uint8Array): ImageContentType | null {
  const at = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return null;
}

/**
 * A user's own settings, kept on the server and applied at each sign-in, wherever it is. A
 * language or colour mode not chosen yet is null: the browser's own then stays.
 */
export const PREFERENCE_CHOICES = { language: ['en', 'ms'], colorMode: ['light', 'dark'] } as const;
export interface Preferences {
  language: (typeof PREFERENCE_CHOICES.language)[number] | null;
  colorMode: (typeof PREFERENCE_CHOICES.colorMode)[number] | null;
  /** Whether each notification is also mailed (off by default). */
  mailNotices: boolean;
}
export const DEFAULT_PREFERENCES: Preferences = { language: null, colorMode: null, mailNotices: false };
