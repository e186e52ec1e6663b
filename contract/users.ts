import { z } from 'zod';
import { EMAIL_MAX, FULL_NAME_MAX } from './account-rules';
import { userSchema, userStatusSchema } from './auth';
import { idParam, itemEnvelope, listEnvelope, listQuerySchema } from './envelope';

export { USER_SORT_FIELDS, type UserSortField } from './user-fields';

/** A user as administrators see one: the account, its persona, and how a pending one came to be. */
export const adminUserSchema = userSchema.omit({ preferences: true }).extend({
  personaId: z.number().int(),
  /** A pending account either waits for its invitation (administrator) or its activation link (self-registered). */
  pendingKind: z.enum(['invitation', 'registration']).nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** `GET /api/v1/users`: by status, user type and organisation; `q` in e-mail and name. */
export const userListQuerySchema = listQuerySchema.extend({
  status: userStatusSchema.optional(),
  userTypeId: idParam.optional(),
  organizationId: idParam.optional(),
});
export const userListResponseSchema = listEnvelope(adminUserSchema);
export type UserListResponse = z.infer<typeof userListResponseSchema>;
export const adminUserResponseSchema = itemEnvelope(adminUserSchema);

/**
 * `POST /api/v1/users`: an invitation. The person is an existing persona without an account,
 * or a new one made from `fullName` (and `organizationId`).
 */
export const inviteUserSchema = z
  .object({
    email: z.email('Enter a valid e-mail address').max(EMAIL_MAX),
    fullName: z.string().trim().min(1, 'Enter the full name').max(FULL_NAME_MAX, `At most ${FULL_NAME_MAX} characters`),
    userTypeId: z.number().int().positive('Select a user type'),
    personaId: z.number().int().positive().nullable().optional(),
    organizationId: z.number().int().positive().nullable().optional(),
  })
  .strict();
export type InviteUser = z.input<typeof inviteUserSchema>;

/** `PATCH /api/v1/users/{id}`: user type, persona, and enabling or disabling. */
export const updateUserSchema = z
  .object({ userTypeId: z.number().int().positive(), personaId: z.number().int().positive(), status: z.enum(['active', 'disabled']) })
  .partial()
  .strict();
export type UpdateUser = z.input<typeof updateUserSchema>;
