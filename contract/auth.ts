import { z } from 'zod';
import { itemEnvelope } from './envelope';

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
});
export type User = z.infer<typeof userSchema>;

export const signInRequestSchema = z.object({
  email: z.email().max(254),
  password: z.string().min(1).max(128),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

export const signInResponseSchema = itemEnvelope(
  z.object({ token: z.string(), expiresAt: z.iso.datetime(), user: userSchema }),
);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** PRODUCT.md and issue 4: passwords of 12 to 128 characters. */
export const passwordSchema = z.string().min(12, 'At least 12 characters').max(128, 'At most 128 characters');

/** `GET` and `PATCH /api/v1/me` answer the signed-in user. */
export const meResponseSchema = itemEnvelope(userSchema);
export type MeResponse = z.infer<typeof meResponseSchema>;

export const updateMeRequestSchema = z
  .object({
    fullName: z.string().trim().min(1, 'Enter your name').max(120),
    phone: z.string().trim().max(30).regex(/^[+0-9 ()-]*$/, 'Digits, spaces, + - ( ) only').nullable(),
  })
  .partial()
  .strict();
export type UpdateMeRequest = z.infer<typeof updateMeRequestSchema>;

export const changePasswordRequestSchema = z
  .object({ currentPassword: z.string().min(1).max(128), newPassword: passwordSchema })
  .strict();
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
