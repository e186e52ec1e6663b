import { Secret, TOTP } from 'otpauth';
import { type Grants, guards, isAllowed } from './access';
import { type AccountCodeFacts, type CountedDecision, decideOneTimeCode } from './accounts';
import { allow, type Decision, problems, refuse } from './problems';

/**
 * Two-factor sign-in (issue 30): a time-based one-time password (RFC 6238) from an
 * authenticator app after the password, or one of ten single-use recovery codes. The server
 * and the mocks ask these rules; only where the secret is kept differs (the server encrypts it).
 */

/** What every authenticator app reads from the enrolment QR code: SHA-1, 6 digits, 30 seconds. */
export const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** One step either side of now: a phone whose clock is up to 30 s off still signs in. */
export const TOTP_WINDOW = 1;
export const TOTP_ISSUER = 'Complaint Desk';
/** 160 bits, as RFC 4226 recommends for an HMAC-SHA-1 key. */
export const TOTP_SECRET_BYTES = 20;
export const RECOVERY_CODE_COUNT = 10;
/** Ten characters of an alphabet without look-alikes (no 0/o, 1/l/i): about 49 bits each. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_LENGTH = 10;

/** A new secret in the base32 that authenticator apps take, from `TOTP_SECRET_BYTES` random bytes. */
export function totpSecretFrom(random: Uint8Array): string {
  if (random.length < TOTP_SECRET_BYTES) throw new Error(`a TOTP secret needs ${TOTP_SECRET_BYTES} random bytes`);
  return new Secret({ buffer: random.slice(0, TOTP_SECRET_BYTES).buffer }).base32;
}

const totpOf = (secret: string, email = '') =>
  new TOTP({ ...TOTP_SETTINGS, issuer: TOTP_ISSUER, label: email, secret: Secret.fromBase32(secret) });

/** The `otpauth://totp/…` address the enrolment QR code carries. */
export const otpauthUrl = (secret: string, email: string) => totpOf(secret, email).toString();

/** The code an authenticator shows at `now` (tests and the mocks' fixtures play the phone). */
export const totpCodeAt = (secret: string, now: number) => totpOf(secret).generate({ timestamp: now });

/** The time step (30-second count since 1970) whose code this is, within the window; null when none. */
export function totpStepOf(secret: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_SETTINGS.period) + delta;
}

/**
 * A code counts once (RFC 6238 §5.2): it must match, and belong to a later step than the last
 * code this account used, so one read over a shoulder cannot be played again. What a refusal
 * says is the challenge's (`decideOneTimeCode`: tries left, then expired).
 */
export const isFreshTotpStep = (step: number | null, lastUsedStep: number | null): step is number =>
  step !== null && (lastUsedStep === null || step > lastUsedStep);

/** Ten recovery codes as the user reads and types them (`abcde-fghjk`), from 10 × 10 random bytes. */
export function recoveryCodesFrom(random: Uint8Array): string[] {
  const needed = RECOVERY_CODE_COUNT * RECOVERY_CODE_LENGTH;
  if (random.length < needed) throw new Error(`recovery codes need ${needed} random bytes`);
  const codes: string[] = [];
  for (let i = 0; i < RECOVERY_CODE_COUNT; i++) {
    // 31 letters: a byte modulo 31 leans towards the first 8 by 1/256 each, which costs under a bit of 49.
    const letters = Array.from(
      random.slice(i * RECOVERY_CODE_LENGTH, (i + 1) * RECOVERY_CODE_LENGTH),
      (b) => RECOVERY_CODE_ALPHABET[b % 31],
    );
    codes.push(`${letters.slice(0, 5).join('')}-${letters.slice(5).join('')}`);
  }
  return codes;
}

/** What a typed recovery code is compared as: lower case, without spaces or dashes. */
export const normalizeRecoveryCode = (typed: string) => typed.toLowerCase().replace(/[\s-]/g, '');

/** Whether a typed answer looks like a recovery code at all (the alphabet and length). */
export const isRecoveryCodeShaped = (typed: string) =>
  new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`).test(normalizeRecoveryCode(typed));

/**
 * Who must sign in with a second factor: whoever's user type may change the privilege matrix,
 * since that is who can give any privilege to anyone. They enrol at their next sign-in.
 */
export const requiresSecondFactor = (grants: Grants) => isAllowed(grants, guards.matrixUpdate);

/**
 * What sign-in asks after a right password: nothing more, the code of the second factor the
 * account has, or an enrolment first (its user type requires one and it has none).
 */
export type SecondFactorStep = 'none' | 'challenge' | 'enrol';
export const secondFactorStepAtSignIn = (enabled: boolean, required: boolean): SecondFactorStep =>
  enabled ? 'challenge' : required ? 'enrol' : 'none';

/** A new secret at sign-in is for an account without a second factor; one that has it answers a code instead. */
export const decideEnrolmentAtSignIn = (enabled: boolean): Decision => (enabled ? refuse(problems.secondFactorOn()) : allow());

/** What a second factor holds: its secret (the pending one while enrolling), the last step used, whether it is on. */
export interface SecondFactorFacts {
  enabled: boolean;
  /** The secret a code is checked against: the confirmed one when on, the pending one while enrolling. */
  secret: string | null;
  lastUsedStep: number | null;
}

/** What the person typed at the challenge: a code from the app, or a recovery code. */
export type SecondFactorAnswer = { code: string } | { recoveryCode: string };

/**
 * The answer to a sign-in challenge (`POST auth/second-factor`). The challenge decides as a
 * one-time code does: gone, expired or out of tries → `codeExpired`; a wrong answer spends a
 * try → `codeInvalid`. A code must be fresh (`isFreshTotpStep`); a recovery code counts only
 * once a factor is on, and `recoveryMatches` says whether it is one of the unused ones.
 */
export function decideSecondFactorAnswer(
  challenge: AccountCodeFacts | null,
  factor: SecondFactorFacts,
  answer: SecondFactorAnswer,
  recoveryMatches: (normalized: string) => boolean,
  now: number,
): CountedDecision & { spendsTry: boolean; step: number | null } {
  const step = 'code' in answer && factor.secret ? totpStepOf(factor.secret, answer.code, now) : null;
  const matches =
    'code' in answer
      ? isFreshTotpStep(step, factor.lastUsedStep)
      : factor.enabled && isRecoveryCodeShaped(answer.recoveryCode) && recoveryMatches(normalizeRecoveryCode(answer.recoveryCode));
  return { ...decideOneTimeCode(challenge, matches, now), step: matches ? step : null };
}

/**
 * A code typed on the profile (confirming a new secret, asking for new recovery codes): it must
 * match the secret and be fresh; the answer carries its step, to be kept as the last used.
 */
export function decideProfileCode(
  secret: string | null,
  lastUsedStep: number | null,
  code: string,
  now: number,
): Decision & { step: number } {
  const step = secret ? totpStepOf(secret, code, now) : null;
  return isFreshTotpStep(step, lastUsedStep) ? { ...allow(), step } : { ...refuse(problems.totpCodeWrong()), step: -1 };
}

/**
 * A session remembers whether it answered a second factor (issue 45): at sign-in, or later when
 * a call asked it to. Rights a user type holds only with a factor are the privileges of a type
 * that `requiresSecondFactor`: a session without one keeps none of them until it answers a
 * code, whenever its type gained them — a change of type or grants hands them to no such session.
 */
export const decideSessionFactor = (required: boolean, answered: boolean): Decision =>
  required && !answered ? refuse(problems.secondFactorRequired()) : allow();

/** A code of the factor in use, or one of its recovery codes, as the profile's changes and a session's check take it. */
export interface CurrentFactorAnswer {
  code?: string | undefined;
  recoveryCode?: string | undefined;
}

/**
 * The factor in use agrees to a change: a fresh code of it (its step, to be kept as the last
 * used) or an unused recovery code (`recovery`, to be spent). No answer → `currentFactorNeeded`.
 */
export function decideCurrentFactorAnswer(
  factor: SecondFactorFacts,
  answer: CurrentFactorAnswer,
  recoveryMatches: (normalized: string) => boolean,
  now: number,
): Decision & { step: number | null; recovery: boolean } {
  const none = { step: null, recovery: false };
  if (answer.code) {
    const step = factor.secret ? totpStepOf(factor.secret, answer.code, now) : null;
    return isFreshTotpStep(step, factor.lastUsedStep)
      ? { ...allow(), step, recovery: false }
      : { ...refuse(problems.totpCodeWrong()), ...none };
  }
  if (answer.recoveryCode) {
    const ok = isRecoveryCodeShaped(answer.recoveryCode) && recoveryMatches(normalizeRecoveryCode(answer.recoveryCode));
    return ok ? { ...allow(), step: null, recovery: true } : { ...refuse(problems.recoveryCodeWrong()), ...none };
  }
  return { ...refuse(problems.currentFactorNeeded()), ...none };
}

/**
 * Replacing or turning off a second factor: nothing more than the password while it is off;
 * while it is on, its own agreement (`decideCurrentFactorAnswer`).
 */
export const decideFactorChange = (
  factor: SecondFactorFacts,
  answer: CurrentFactorAnswer,
  recoveryMatches: (normalized: string) => boolean,
  now: number,
): Decision & { step: number | null; recovery: boolean } =>
  factor.enabled ? decideCurrentFactorAnswer(factor, answer, recoveryMatches, now) : { ...allow(), step: null, recovery: false };

/** A session answers its factor only when the account has one on; one without enrols first. */
export const decideSessionFactorAnswer = (
  factor: SecondFactorFacts,
  answer: CurrentFactorAnswer,
  recoveryMatches: (normalized: string) => boolean,
  now: number,
): Decision & { step: number | null; recovery: boolean } =>
  factor.enabled
    ? decideCurrentFactorAnswer(factor, answer, recoveryMatches, now)
    : { ...refuse(problems.secondFactorOff()), step: null, recovery: false };

/**
 * The last step a code of this secret may not repeat: a pending secret's codes were never used
 * (the last used step is the factor in use's, another secret's), so a new phone confirmed within
 * half a minute of the old one's code is not refused.
 */
export const lastStepOfSecret = (secret: 'pending' | 'inUse', lastUsedStep: number | null) => (secret === 'pending' ? null : lastUsedStep);

/** Confirming needs a secret asked for and not yet confirmed. */
export const decideConfirmSecondFactor = (pendingSecret: string | null): Decision =>
  pendingSecret ? allow() : refuse(problems.secondFactorNotStarted());

/** New recovery codes, only while a second factor is on. */
export const decideNewRecoveryCodes = (enabled: boolean): Decision => (enabled ? allow() : refuse(problems.secondFactorOff()));

/** Turning it off: never when the user type requires it (an administrator resets it instead). */
export const decideTurnOffSecondFactor = (required: boolean): Decision => (required ? refuse(problems.secondFactorKept()) : allow());

/** An administrator resets another user's second factor; their own is changed from the profile. */
export const decideSecondFactorReset = (callerId: number, userId: number): Decision =>
  callerId === userId ? refuse(problems.ownSecondFactorReset()) : allow();
