import { COMMON_PASSWORDS } from './common-passwords';

/**
 * The account rules in plain functions, without zod, so the SPA can check a form as the
 * user types with exactly the rules the server's schemas enforce (`auth.ts` uses these).
 * Each check answers a stable issue code; the SPA translates it, the server words it.
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

export type PasswordIssue = 'required' | 'tooShort' | 'tooLong' | 'common' | 'containsEmail';

const common = new Set(COMMON_PASSWORDS);

/** A listed password, or one that is a listed word padded with digits and symbols ("Password1234!"). */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (common.has(lower)) return true;
  const bare = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  if (bare.length >= 4 && common.has(bare)) return true;
  // One short or common piece said again and again: "abcabcabcabc", "qwertyqwerty".
  const unit = /^(.+?)\1+$/.exec(lower)?.[1];
  return unit !== undefined && (unit.length <= 6 || common.has(unit));
}

export function passwordIssue(password: string, email?: string): PasswordIssue | null {
  if (password.length === 0) return 'required';
  if (password.length < PASSWORD_MIN) return 'tooShort';
  if (password.length > PASSWORD_MAX) return 'tooLong';
  if (isCommonPassword(password)) return 'common';
  const local = email?.split('@')[0]?.toLowerCase();
  if (local && local.length >= 4 && password.toLowerCase().includes(local)) return 'containsEmail';
  return null;
}

/** A strength hint from 0 (weak) to 4 (strong): length and variety, common ones always 0. */
export function passwordStrength(password: string): 0 | 1 | 2 | 3 | 4 {
  if (password.length < PASSWORD_MIN || isCommonPassword(password)) return 0;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  const distinct = new Set(password).size;
  let score = 1;
  if (password.length >= 16) score += 1;
  if (classes >= 3) score += 1;
  if (password.length >= 20 || (classes === 4 && distinct >= 10)) score += 1;
  if (distinct < 6) score = Math.min(score, 1);
  return Math.min(score, 4) as 0 | 1 | 2 | 3 | 4;
}

export const PASSWORD_ISSUE_TEXT: Record<PasswordIssue, string> = {
  required: 'Enter a password.',
  tooShort: `Use at least ${PASSWORD_MIN} characters.`,
  tooLong: `Use at most ${PASSWORD_MAX} characters.`,
  common: 'This password is too common; choose one that is harder to guess.',
  containsEmail: 'The password must not contain your e-mail name.',
};

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
  validation: '/problems/validation',
  passwordRequired: '/problems/invitation-needs-password',
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
