import { z } from 'zod';
import { exportQueryShape, itemEnvelope, listEnvelope, listQuerySchema } from './envelope';
import { TYPE_OF_OFFENCE_DESCRIPTION_MAX, TYPE_OF_OFFENCE_NAME_MAX, TYPE_OF_OFFENCE_RATE_MAX } from './type-of-offence-fields';

export const typeOfOffenceSchema = z.object({
  id: z.number().int(),
  name: z.string().min(1).max(TYPE_OF_OFFENCE_NAME_MAX),
  description: z.string().max(TYPE_OF_OFFENCE_DESCRIPTION_MAX),
  defaultRate: z.number().min(0),
  isActive: z.boolean(),
});
export type TypeOfOffence = z.infer<typeof typeOfOffenceSchema>;

export { TYPE_OF_OFFENCE_SORT_FIELDS, type TypeOfOffenceSortField } from './type-of-offence-fields';

export const typeOfOffenceListResponseSchema = listEnvelope(typeOfOffenceSchema);
export type TypeOfOffenceListResponse = z.infer<typeof typeOfOffenceListResponseSchema>;
export const typeOfOffenceResponseSchema = itemEnvelope(typeOfOffenceSchema);

/** `POST /api/v1/type-of-offences`: names are unique whatever their case. */
export const typeOfOffenceInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter a name').max(TYPE_OF_OFFENCE_NAME_MAX, `At most ${TYPE_OF_OFFENCE_NAME_MAX} characters`),
    description: z
      .string()
      .trim()
      .max(TYPE_OF_OFFENCE_DESCRIPTION_MAX, `At most ${TYPE_OF_OFFENCE_DESCRIPTION_MAX} characters`)
      .default(''),
    defaultRate: z.number().min(0, 'Zero or more').max(TYPE_OF_OFFENCE_RATE_MAX).multipleOf(0.01, 'At most two decimals'),
    isActive: z.boolean().default(true),
  })
  .strict();
export type TypeOfOffenceInput = z.input<typeof typeOfOffenceInputSchema>;

/** `PATCH /api/v1/type-of-offences/{id}`: any field; `isActive: false` deactivates one in use. */
export const typeOfOffenceUpdateSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter a name').max(TYPE_OF_OFFENCE_NAME_MAX, `At most ${TYPE_OF_OFFENCE_NAME_MAX} characters`),
    description: z.string().trim().max(TYPE_OF_OFFENCE_DESCRIPTION_MAX, `At most ${TYPE_OF_OFFENCE_DESCRIPTION_MAX} characters`),
    defaultRate: z.number().min(0, 'Zero or more').max(TYPE_OF_OFFENCE_RATE_MAX).multipleOf(0.01, 'At most two decimals'),
    isActive: z.boolean(),
  })
  .partial()
  .strict();
export type TypeOfOffenceUpdate = z.input<typeof typeOfOffenceUpdateSchema>;

/** `GET /api/v1/type-of-offences.csv`: every type the list query matches, as CSV. */
export const typeOfOffenceExportQuerySchema = listQuerySchema.omit({ page: true, limit: true }).extend(exportQueryShape);
export type TypeOfOffenceExportQuery = z.input<typeof typeOfOffenceExportQuerySchema>;
