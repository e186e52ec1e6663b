import { z } from 'zod';
import {
  ACTIVE_FILTERS,
  REFERENCE_CODE_MAX,
  REFERENCE_CODE_PATTERN,
  REFERENCE_DESCRIPTION_MAX,
  REFERENCE_NAME_MAX,
} from './reference-list-fields';
import { exportQueryShape, itemEnvelope, listEnvelope, listQuerySchema } from './envelope';

export * from './reference-list-fields';

/** One row of a reference list (PRODUCT.md: `{ id, name, code, active }`, with a description). */
export const referenceSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
});
export type Reference = z.infer<typeof referenceSchema>;

const fields = {
  code: z
    .string()
    .trim()
    .min(1, 'Enter a code')
    .max(REFERENCE_CODE_MAX, `At most ${REFERENCE_CODE_MAX} characters`)
    .regex(REFERENCE_CODE_PATTERN, 'Letters, digits, - and _ only'),
  name: z.string().trim().min(1, 'Enter a name').max(REFERENCE_NAME_MAX, `At most ${REFERENCE_NAME_MAX} characters`),
  description: z.string().trim().max(REFERENCE_DESCRIPTION_MAX, `At most ${REFERENCE_DESCRIPTION_MAX} characters`),
  active: z.boolean(),
};

/** `POST`: names and codes are unique whatever their case. */
export const referenceInputSchema = z
  .object({ ...fields, description: fields.description.default(''), active: fields.active.default(true) })
  .strict();
export type ReferenceInput = z.input<typeof referenceInputSchema>;

/** `PATCH /{id}`: any field; `active: false` deactivates one in use. */
export const referenceUpdateSchema = z.object(fields).partial().strict();
export type ReferenceUpdate = z.input<typeof referenceUpdateSchema>;

/** What every catalogue list takes beside `page`, `limit`, `sort`, `q`: the `active` filter. */
export const activeListQuerySchema = listQuerySchema.extend({ active: z.enum(ACTIVE_FILTERS).optional() });
export const activeExportQuerySchema = activeListQuerySchema.omit({ page: true, limit: true }).extend(exportQueryShape);

export const referenceListResponseSchema = listEnvelope(referenceSchema);
export type ReferenceListResponse = z.infer<typeof referenceListResponseSchema>;
export const referenceResponseSchema = itemEnvelope(referenceSchema);
