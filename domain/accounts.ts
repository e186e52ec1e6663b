import {
  ACTIVATION_TTL_HOURS,
  INVITATION_TTL_HOURS,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MINUTES,
  RESET_TOKEN_TTL_MINUTES,
  SECOND_FACTOR_CHALLENGE_MINUTES,
} from '../contract/account-rules';
import { PASSWORD_ISSUE_TEXT, passwordIssue } from '../contract/password-rules';
import type { User } from '../contract/auth';
import { allow, problems, refuse, type Decision } from './problems';

/**
 * The account rules of docs/account-rules.md: sign-in, registration, activation links,
 * one-time codes and reset tokens, and the mails that carry them.
 */

type Status = User['status'];

/** Self-registered accounts get this user type and account type: no privileges until an administrator says so. */
export const REGISTERED_USER_TYPE = 'member';
export const REGISTERED_ACCOUNT_TYPE = 'authority';

/** A decision of a throttled call, and whether the call counts against its throttle (domain/throttle.ts). */
export type CountedDecision = Decision & { counts: boolean };

/**
 * Credentials first, so a wrong password never tells whether an account exists or is
 * active; only a credentials failure counts against the throttle.
 */
export function decideSignIn(account: { status: Status } | null, passwordOk: boolean): CountedDecision {
  if (!account || !passwordOk) return { ...refuse(problems.invalidCredentials()), counts: true };
  if (account.status === 'pending') return { ...refuse(problems.accountPending()), counts: false };
  if (account.status === 'disabled') return { ...refuse(problems.accountDisabled()), counts: false };
  return { ...allow(), counts: false };
}

/** A sign-in lasts this long unless the server is set otherwise (its SESSION_TTL_HOURS). */
export const DEFAULT_SESSION_TTL_HOURS = 12;

/** Only an active account's sessions are live: disabling an account signs it out everywhere. */
export const LIVE_SESSION_STATUS = 'active' satisfies Status;

/**
 * What a registration does. A new address gets a pending account. An address that has any
 * account (pending invitation, pending registration, active, disabled) keeps it exactly as
 * it is: the caller gets the same answer as a new registration, and the address's owner a
 * mail saying someone tried, with a link where they choose their own password when that
 * helps them (the invitation's, or their unactivated registration's). Nothing is ended: a
 * link or code ends only by its owner's action.
 */
export type RegistrationPlan =
  | { kind: 'create' }
  | { kind: 'tell'; about: RegistrationAttempt; link: { purpose: 'invitation'; expiresAt: Date } | null };
export type RegistrationAttempt = 'account' | 'invitation' | 'invitationExpired' | 'registration';

export function decideRegistration(
  existing: { status: Status; invitedAt: Date | string | null } | null,
  liveInvitation: AccountCodeFacts | null,
  now: number,
): RegistrationPlan {
  if (!existing) return { kind: 'create' };
  if (existing.status !== 'pending') return { kind: 'tell', about: 'account', link: null };
  if (!existing.invitedAt)
    return { kind: 'tell', about: 'registration', link: { purpose: 'invitation', expiresAt: codeExpiresAt('invitation', now) } };
  // An invitation's link, sent again, lasts no longer than the administrator's: a stranger cannot extend it.
  const live = liveInvitation && !liveInvitation.usedAt && !isExpired(liveInvitation, now) ? liveInvitation : null;
  return live
    ? { kind: 'tell', about: 'invitation', link: { purpose: 'invitation', expiresAt: new Date(live.expiresAt) } }
    : { kind: 'tell', about: 'invitationExpired', link: null };
}

/** A single-use secret as the rules see it. */
export interface AccountCodeFacts {
  usedAt: Date | string | null;
  expiresAt: Date | string;
  attempts?: number;
}

export type CodePurpose = 'activation' | 'invitation' | 'passwordResetCode' | 'resetToken' | 'secondFactorChallenge';
/** The purposes of a link to `/account/activation/{code}`: a self-registration's and an invitation's. */
export const LINK_PURPOSES = ['activation', 'invitation'] as const satisfies readonly CodePurpose[];

export const CODE_LIFETIME_MS: Record<CodePurpose, number> = {
  activation: ACTIVATION_TTL_HOURS * 3_600_000,
  invitation: INVITATION_TTL_HOURS * 3_600_000,
  passwordResetCode: OTP_TTL_MINUTES * 60_000,
  resetToken: RESET_TOKEN_TTL_MINUTES * 60_000,
  secondFactorChallenge: SECOND_FACTOR_CHALLENGE_MINUTES * 60_000,
};

export const codeExpiresAt = (purpose: CodePurpose, now: number) => new Date(now + CODE_LIFETIME_MS[purpose]);

function isExpired(code: AccountCodeFacts, now: number) {
  return new Date(code.expiresAt).getTime() <= now;
}

/** Unknown → 404; used → 410; expired → 410. */
export function decideActivation(link: (AccountCodeFacts & { purpose?: CodePurpose }) | null, now: number): Decision {
  if (!link) return refuse(problems.linkInvalid());
  if (link.usedAt) return refuse(problems.linkUsed());
  if (isExpired(link, now))
    return refuse(problems.linkExpired(link.purpose === 'invitation' ? INVITATION_TTL_HOURS : ACTIVATION_TTL_HOURS));
  return allow();
}

/** A link activates only a pending account: an administrator may have disabled it meanwhile. */
export const decideActivationTarget = (account: { status: Status }): Decision =>
  account.status === 'pending' ? allow() : refuse(problems.accountNotPending());

/**
 * An invitation is accepted with the password the invitee chooses (not one containing the
 * e-mail's name); a self-registration already has its password and takes none.
 */
export function decideActivationPassword(purpose: CodePurpose, password: string | undefined, email: string): Decision {
  if (purpose === 'invitation') {
    if (password === undefined) return refuse(problems.passwordRequired());
    if (passwordIssue(password, email) === 'containsEmail')
      return refuse(problems.invalidField('password', PASSWORD_ISSUE_TEXT.containsEmail));
    return allow();
  }
  return password === undefined
    ? allow()
    : refuse(problems.invalidField('password', 'This link activates an account that already has its password.'));
}

/**
 * The account's newest unused code: none, expired or tried too often → `codeExpired`;
 * wrong → `codeInvalid` with the tries left after this one, and `spendsTry` (the caller
 * counts it on the code). Every refusal counts against the throttle.
 */
export function decideOneTimeCode(code: AccountCodeFacts | null, matches: boolean, now: number): CountedDecision & { spendsTry: boolean } {
  if (!code || isExpired(code, now) || (code.attempts ?? 0) >= OTP_MAX_ATTEMPTS)
    return { ...refuse(problems.codeExpired()), counts: true, spendsTry: false };
  if (!matches)
    return { ...refuse(problems.codeInvalid(Math.max(0, OTP_MAX_ATTEMPTS - (code.attempts ?? 0) - 1))), counts: true, spendsTry: true };
  return { ...allow(), counts: false, spendsTry: false };
}

export function decideResetToken(token: AccountCodeFacts | null, now: number): Decision {
  return !token || token.usedAt || isExpired(token, now) ? refuse(problems.resetTokenInvalid()) : allow();
}

/** Only an active account is sent a password reset code, or may use one. */
export const mayResetPassword = <A extends { status: Status }>(account: A | null | undefined): account is A => account?.status === 'active';

/**
 * A new password, by a reset or a change, ends these codes (a second-factor challenge won with
 * the old password included, issue 45) and any enrolment of a second factor not yet confirmed;
 * a reset ends every session, a change the caller's other sessions.
 */
export const CODES_ENDED_BY_NEW_PASSWORD = [
  'passwordResetCode',
  'resetToken',
  'secondFactorChallenge',
] as const satisfies readonly CodePurpose[];

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The one-time code or link code the text carries: never shown in a mailbox (domain/mail.ts). */
  secret?: string;
}

/** The code at the end of a link. */
const codeOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

export function activationMail(to: string, fullName: string, link: string): Mail {
  return {
    to,
    subject: 'Activate your Complaint Desk account',
    secret: codeOf(link),
    text: [
      `Hello ${fullName},`,
      '',
      'Open this link to activate your Complaint Desk account:',
      link,
      '',
      `The link works once, within ${ACTIVATION_TTL_HOURS} hours. If you did not register, ignore this message.`,
    ].join('\n'),
  };
}

export function passwordResetCodeMail(to: string, code: string): Mail {
  return {
    to,
    subject: 'Your Complaint Desk password reset code',
    secret: code,
    text: [
      'Someone asked to reset the password of your Complaint Desk account.',
      '',
      `Your code: ${code}`,
      '',
      `It works once, within ${OTP_TTL_MINUTES} minutes. If it was not you, ignore this message; your password stays as it is.`,
    ].join('\n'),
  };
}

export function invitationMail(to: string, fullName: string, link: string): Mail {
  return {
    to,
    subject: 'You are invited to Complaint Desk',
    secret: codeOf(link),
    text: [
      `Hello ${fullName},`,
      '',
      'An administrator has made you a Complaint Desk account. Open this link to choose your password:',
      link,
      '',
      `The link works once, within ${INVITATION_TTL_HOURS} hours. If you did not expect this, ignore this message.`,
    ].join('\n'),
  };
}

const ATTEMPT_TEXT: Record<RegistrationAttempt, (link: string | null, until: string | null, appUrl: string) => string[]> = {
  account: (_link, _until, appUrl) => [
    'This address already has a Complaint Desk account, and nothing of it was changed.',
    `If it was you, sign in at ${appUrl}, or reset your password at ${appUrl}/forgot-password.`,
  ],
  invitation: (link, until) => [
    'An administrator has invited you, and the invitation is still waiting. Nothing of it was changed.',
    'If you want to accept it, open this link and choose your password:',
    link!,
    '',
    `The link works once, until ${until}.`,
  ],
  invitationExpired: () => [
    'An administrator invited you, but the invitation has expired. Nothing was changed.',
    'If you want the account, ask an administrator to send the invitation again.',
  ],
  registration: (link, until) => [
    'This address already has a registration waiting for activation, and nothing of it was changed.',
    'If it is yours, open this link and choose your password to activate it:',
    link!,
    '',
    `The link works once, until ${until}.`,
  ],
};

/** A mail to the owner of an address someone tried to register again (decideRegistration). */
export function registrationAttemptMail(
  to: string,
  about: RegistrationAttempt,
  appUrl: string,
  link: { url: string; expiresAt: Date } | null,
): Mail {
  const base = appUrl.replace(/\/$/, '');
  return {
    to,
    subject: 'Someone tried to register your e-mail at Complaint Desk',
    ...(link ? { secret: codeOf(link.url) } : {}),
    text: [
      'Someone asked to register a Complaint Desk account with this e-mail address.',
      '',
      ...ATTEMPT_TEXT[about](link?.url ?? null, link ? `${link.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC` : null, base),
      '',
      'If it was not you, ignore this message: nobody can use the address without opening a link sent to it.',
    ].join('\n'),
  };
}

/** Where an activation link leads: the SPA's page for it. */
export const activationLink = (appUrl: string, code: string) => `${appUrl.replace(/\/$/, '')}/account/activation/${code}`;
