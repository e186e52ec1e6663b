import { z } from 'zod';
import { exportQueryShape, idParam, itemEnvelope, listEnvelope } from './envelope';
import { ORGANIZATION_ADDRESS_MAX, ORGANIZATION_NAME_MAX, ORGANIZATION_PHONE_MAX, REGISTRATION_NO_MAX } from './organization-fields';
import { activeListQuerySchema } from './reference-lists';

export * from './organization-fields';

/** PRODUCT.md "Administration": an organisation (the authority, contractors, …). */
export const organizationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  registrationNo: z.string(),
  organizationTypeId: z.number().int(),
  zoneId: z.number().int().nullable(),
  address: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  active: z.boolean(),
});
export type Organization = z.infer<typeof organizationSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .transform((v) => v || null)
    .nullable();

const fields = {
  name: z.string().trim().min(1, 'Enter a name').max(ORGANIZATION_NAME_MAX, `At most ${ORGANIZATION_NAME_MAX} characters`),
  registrationNo: z
    .string()
    .trim()
    .min(1, 'Enter the registration number')
    .max(REGISTRATION_NO_MAX, `At most ${REGISTRATION_NO_MAX} characters`),
  organizationTypeId: z.number().int().positive('Select an organisation type'),
  zoneId: z.number().int().positive().nullable(),
  address: z.string().trim().max(ORGANIZATION_ADDRESS_MAX, `At most ${ORGANIZATION_ADDRESS_MAX} characters`),
  email: z
    .union([z.literal(''), z.email('Enter an e-mail address').max(254)])
    .transform((v) => v || null)
    .nullable(),
  phone: optionalText(ORGANIZATION_PHONE_MAX),
  active: z.boolean(),
};

/** `POST /api/v1/organizations`: names and registration numbers unique whatever their case. */
export const organizationInputSchema = z
  .object({
    ...fields,
    zoneId: fields.zoneId.default(null),
    address: fields.address.default(''),
    email: fields.email.default(null),
    phone: fields.phone.default(null),
    active: fields.active.default(true),
  })
  .strict();
export type OrganizationInput = z.input<typeof organizationInputSchema>;
export const organizationUpdateSchema = z.object(fields).partial().strict();
export type OrganizationUpdate = z.input<typeof organizationUpdateSchema>;

const filters = { organizationTypeId: idParam.optional(), zoneId: idParam.optional() };
export const organizationListQuerySchema = activeListQuerySchema.extend(filters);
export const organizationExportQuerySchema = organizationListQuerySchema.omit({ page: true, limit: true }).extend(exportQueryShape);
export const organizationListResponseSchema = listEnvelope(organizationSchema);
export type OrganizationListResponse = z.infer<typeof organizationListResponseSchema>;
export const organizationResponseSchema = itemEnvelope(organizationSchema);
