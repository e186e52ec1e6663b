import { z } from 'zod';
import { OTP_LENGTH } from './account-rules';
import { sessionSchema } from './auth';
import { itemEnvelope } from './envelope';

// Two-factor sign-in (issue 30, docs/account-rules.md): the shapes both back ends answer.

/** A six-digit code from the authenticator app. */
export const totpCodeSchema = z.string().regex(new RegExp(`^[0-9]{${OTP_LENGTH}}$`), `Enter the ${OTP_LENGTH}-digit code from your app`);
/** A recovery code as typed: case, spaces and dashes do not matter (`abcde-fghjk`). */
export const recoveryCodeSchema = z.string().trim().min(10, 'Enter one of your recovery codes').max(32, 'Enter one of your recovery codes');

/**
 * What `POST /api/v1/auth/sign-in` answers, instead of a session, when the password was right
 * and a second factor must follow: a challenge to answer within its minutes. `enrol` when the
 * account has none yet but its user type requires one: it enrols first
 * (`POST /api/v1/auth/second-factor/enrolment`).
 */
export const secondFactorChallengeSchema = z.object({
  secondFactor: z.object({ challenge: z.string(), expiresAt: z.iso.datetime(), enrol: z.boolean() }),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;

/** What `POST /api/v1/auth/sign-in` answers: a session, or the challenge of a second factor. */
export const signInAnswerSchema = z.union([itemEnvelope(sessionSchema), itemEnvelope(secondFactorChallengeSchema)]);
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

/** `POST /api/v1/auth/second-factor` answers the session; after an enrolment, with the ten recovery codes (shown once). */
export const secondFactorSessionResponseSchema = itemEnvelope(sessionSchema.extend({ recoveryCodes: z.array(z.string()).optional() }));
export type SecondFactorSession = z.infer<typeof secondFactorSessionResponseSchema>['data'];

/** `POST /api/v1/auth/second-factor`: the challenge and either a code or a recovery code. */
export const secondFactorRequestSchema = z.union([
  z.object({ challenge: z.string().min(1).max(200), code: totpCodeSchema }).strict(),
  z.object({ challenge: z.string().min(1).max(200), recoveryCode: recoveryCodeSchema }).strict(),
]);
export type SecondFactorRequest = z.infer<typeof secondFactorRequestSchema>;

/** A secret to add to an authenticator app: typed, or scanned from the QR code of `otpauthUrl`. */
export const totpEnrolmentSchema = z.object({
  /** Base32, as apps take it typed. */
  secret: z.string(),
  /** `otpauth://totp/Complaint%20Desk:{email}?secret=…&issuer=Complaint%20Desk&algorithm=SHA1&digits=6&period=30` */
  otpauthUrl: z.string(),
});
export const totpEnrolmentResponseSchema = itemEnvelope(totpEnrolmentSchema);
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

/** `POST /api/v1/auth/second-factor/enrolment`: the required enrolment, at sign-in. */
export const signInEnrolmentRequestSchema = z.object({ challenge: z.string().min(1).max(200) }).strict();

/** The ten recovery codes, shown once: when an enrolment is confirmed, and when they are made anew. */
export const recoveryCodesResponseSchema = itemEnvelope(z.object({ recoveryCodes: z.array(z.string()) }));

/** `GET /api/v1/me/two-factor`: the signed-in user's second factor. */
export const myTwoFactorSchema = z.object({
  enabled: z.boolean(),
  /** Its user type may change the privilege matrix: it cannot be turned off, only reset by another administrator. */
  required: z.boolean(),
  enabledAt: z.iso.datetime().nullable(),
  recoveryCodesLeft: z.number().int().min(0),
});
export const myTwoFactorResponseSchema = itemEnvelope(myTwoFactorSchema);
export type MyTwoFactor = z.infer<typeof myTwoFactorSchema>;

/** `POST /api/v1/me/two-factor/confirm` and `…/recovery-codes`: a current code from the app. */
export const totpConfirmRequestSchema = z.object({ code: totpCodeSchema }).strict();
/**
 * `POST /api/v1/me/two-factor` (a new secret) and `DELETE /api/v1/me/two-factor`: the password
 * again and, while a second factor is on, a code of it or a recovery code (issue 45), so that a
 * session and the password alone never replace the factor on the owner's phone.
 */
export const factorChangeRequestSchema = z
  .object({ password: z.string().min(1).max(128), code: totpCodeSchema.optional(), recoveryCode: recoveryCodeSchema.optional() })
  .strict()
  .refine((body) => !(body.code && body.recoveryCode), { message: 'Send a code or a recovery code, not both', path: ['recoveryCode'] });
export type FactorChangeRequest = z.infer<typeof factorChangeRequestSchema>;

/**
 * `POST /api/v1/me/two-factor/verify`: the current session answers its second factor (a code or a
 * recovery code), after a call answered `secondFactorRequired` (403); 204, and the call is tried again.
 */
export const sessionFactorRequestSchema = z.union([
  z.object({ code: totpCodeSchema }).strict(),
  z.object({ recoveryCode: recoveryCodeSchema }).strict(),
]);
export type SessionFactorRequest = z.infer<typeof sessionFactorRequestSchema>;
