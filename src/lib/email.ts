import { EMAIL_MAX } from '@contract/account-rules';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with an e-mail address as typed, if anything (the server has the last word); one too long is invalid. */
export function emailIssue(value: string): 'required' | 'invalid' | null {
  const email = value.trim();
  if (!email) return 'required';
  return email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email) ? null : 'invalid';
}
