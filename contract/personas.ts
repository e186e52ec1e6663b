import { z } from 'zod';
import { exportQueryShape, idParam, itemEnvelope, listEnvelope } from './envelope';
import { FULL_NAME_MAX } from './account-rules';
import { PERSONA_PHONE_MAX, STAFF_NO_MAX } from './organization-fields';
import { activeListQuerySchema } from './reference-lists';

/** PRODUCT.md "Administration": the person behind an account, linked to at most one user. */
export const personaSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  staffNo: z.string().nullable(),
  phone: z.string().nullable(),
  positionId: z.number().int().nullable(),
  zoneId: z.number().int().nullable(),
  organizationId: z.number().int().nullable(),
  accountTypeId: z.number().int(),
  active: z.boolean(),
});
export type Persona = z.infer<typeof personaSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .transform((v) => v || null)
    .nullable();
const optionalId = z.number().int().positive().nullable();

const fields = {
  fullName: z.string().trim().min(1, 'Enter the full name').max(FULL_NAME_MAX, `At most ${FULL_NAME_MAX} characters`),
  staffNo: optionalText(STAFF_NO_MAX),
  phone: optionalText(PERSONA_PHONE_MAX),
  positionId: optionalId,
  zoneId: optionalId,
  organizationId: optionalId,
  accountTypeId: z.number().int().positive('Select a type'),
  active: z.boolean(),
};

/** `POST /api/v1/personas`: staff numbers unique whatever their case. */
export const personaInputSchema = z
  .object({
    ...fields,
    staffNo: fields.staffNo.default(null),
    phone: fields.phone.default(null),
    positionId: optionalId.default(null),
    zoneId: optionalId.default(null),
    organizationId: optionalId.default(null),
    active: fields.active.default(true),
  })
  .strict();
export type PersonaInput = z.input<typeof personaInputSchema>;
export const personaUpdateSchema = z.object(fields).partial().strict();
export type PersonaUpdate = z.input<typeof personaUpdateSchema>;

const filters = {
  organizationId: idParam.optional(),
  accountTypeId: idParam.optional(),
  positionId: idParam.optional(),
  zoneId: idParam.optional(),
};
export const personaListQuerySchema = activeListQuerySchema.extend(filters);
export const personaExportQuerySchema = personaListQuerySchema.omit({ page: true, limit: true }).extend(exportQueryShape);
export const personaListResponseSchema = listEnvelope(personaSchema);
export type PersonaListResponse = z.infer<typeof personaListResponseSchema>;
export const personaResponseSchema = itemEnvelope(personaSchema);
