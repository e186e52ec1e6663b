import { PASSWORD_MAX, PASSWORD_MIN } from './account-rules';
import { COMMON_PASSWORDS } from './common-passwords';

/**
 * The password rules of `account-rules.ts`, apart from its constants: with the list of common
 * passwords (20 KB), they come only with the forms that choose a password.
 */

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
