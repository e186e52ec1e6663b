import { z } from 'zod';
import { EMAIL_MAX, FULL_NAME_MAX, OTP_LENGTH, PHONE_MAX, PHONE_PATTERN, PREFERENCE_CHOICES } from './account-rules';
import { PASSWORD_ISSUE_TEXT, passwordIssue } from './password-rules';
import { itemEnvelope } from './envelope';

export const preferencesSchema = z.object({
  language: z.enum(PREFERENCE_CHOICES.language).nullable(),
  colorMode: z.enum(PREFERENCE_CHOICES.colorMode).nullable(),
  mailNotices: z.boolean(),
});

export const userStatusSchema = z.enum(['pending', 'active', 'disabled']);

/** The signed-in user as every account call returns it (PRODUCT.md). */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.email(),
  fullName: z.string(),
  phone: z.string().nullable(),
  image: z.string().nullable(),
  status: userStatusSchema,
  userType: z.object({ id: z.number().int(), name: z.string() }),
  userProfile: z.object({
    typeId: z.number().int(),
    organizationId: z.number().int().nullable(),
    positionId: z.number().int().nullable(),
    zoneId: z.number().int().nullable(),
  }),
  preferences: preferencesSchema,
});
export type User = z.infer<typeof userSchema>;

export const signInRequestSchema = z.object({
  email: z.email().max(254),
  password: z.string().min(1).max(128),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/** A session: its bearer token, when it ends, and who it is. */
export const sessionSchema = z.object({ token: z.string(), expiresAt: z.iso.datetime(), user: userSchema });
export const signInResponseSchema = itemEnvelope(sessionSchema);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** PRODUCT.md and issue 4: 12 to 128 characters, not a common password (`account-rules.ts`). */
export const passwordSchema = z.string().check((ctx) => {
  const issue = passwordIssue(ctx.value);
  if (issue) ctx.issues.push({ code: 'custom', message: PASSWORD_ISSUE_TEXT[issue], input: ctx.value, params: { issue } });
});

const emailSchema = z.email('Enter a valid e-mail address').max(EMAIL_MAX);
const fullNameSchema = z.string().trim().min(1, 'Enter your name').max(FULL_NAME_MAX, `At most ${FULL_NAME_MAX} characters`);
const phoneSchema = z
  .string()
  .trim()
  .max(PHONE_MAX, `At most ${PHONE_MAX} characters`)
  .regex(PHONE_PATTERN, 'Digits, spaces, + - ( ) only');

/** `POST /api/v1/auth/register` → 201: a pending account and an activation mail. */
export const registerRequestSchema = z
  .object({ email: emailSchema, password: passwordSchema, fullName: fullNameSchema, phone: phoneSchema.nullable().optional() })
  .strict()
  .check((ctx) => {
    if (passwordIssue(ctx.value.password, ctx.value.email) === 'containsEmail') {
      ctx.issues.push({
        code: 'custom',
        path: ['password'],
        message: PASSWORD_ISSUE_TEXT.containsEmail,
        input: ctx.value.password,
        params: { issue: 'containsEmail' },
      });
    }
  });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/**
 * `POST /api/v1/auth/activate` with the code of the link `/account/activation/{code}`; an
 * administrator's invitation also takes the password the invitee chooses (400 without it).
 */
export const activateRequestSchema = z.object({ code: z.string().min(1).max(200), password: passwordSchema.optional() }).strict();
export type ActivateRequest = z.infer<typeof activateRequestSchema>;
export const activateResponseSchema = itemEnvelope(z.object({ email: z.email() }));
export type ActivateResponse = z.infer<typeof activateResponseSchema>;

/** `POST /api/v1/auth/forgot-password` → 202 whether or not the account exists. */
export const forgotPasswordRequestSchema = z.object({ email: emailSchema }).strict();
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** `POST /api/v1/auth/verify-otp`: the 6-digit code traded for a short-lived reset token. */
export const verifyOtpRequestSchema = z
  .object({ email: emailSchema, code: z.string().regex(new RegExp(`^[0-9]{${OTP_LENGTH}}$`), `Enter the ${OTP_LENGTH}-digit code`) })
  .strict();
export type VerifyOtpRequest = z.infer<typeof verifyOtpRequestSchema>;
export const verifyOtpResponseSchema = itemEnvelope(z.object({ resetToken: z.string(), expiresAt: z.iso.datetime() }));
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponseSchema>;

/** `POST /api/v1/auth/reset-password` → 204; every session of the user ends. */
export const resetPasswordRequestSchema = z.object({ resetToken: z.string().min(1).max(200), password: passwordSchema }).strict();
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** `GET` and `PATCH /api/v1/me` answer the signed-in user. */
export const meResponseSchema = itemEnvelope(userSchema);

/** One of the signed-in user's live sessions, as the profile lists them. */
export const mySessionSchema = z.object({
  id: z.uuid(),
  /** The browser and system its user agent names, e.g. `Chrome 142 on Linux`; null when it named none. */
  browser: z.string().nullable(),
  /** The client address it signed in from. */
  address: z.string().nullable(),
  signedInAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type MySession = z.infer<typeof mySessionSchema>;
/** Live sessions, the current one first, then by last seen, newest first. */
export const mySessionsResponseSchema = itemEnvelope(z.object({ items: z.array(mySessionSchema) }));
export type MySessionsResponse = z.infer<typeof mySessionsResponseSchema>;
export const mySessionParamsSchema = z.object({ id: z.uuid() });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const updateMeRequestSchema = z
  .object({
    fullName: fullNameSchema,
    phone: phoneSchema.nullable(),
    /** An image the caller uploaded through `POST /api/v1/files`, or null to remove the avatar. */
    imageFileId: z.uuid().nullable(),
    /** Any of the settings; the others stay as they are. */
    preferences: preferencesSchema.partial().strict(),
  })
  .partial()
  .strict();
export type UpdateMeRequest = z.infer<typeof updateMeRequestSchema>;

export const changePasswordRequestSchema = z.object({ currentPassword: z.string().min(1).max(128), newPassword: passwordSchema }).strict();
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
