import { z } from 'zod';
import { itemEnvelope, listEnvelope } from './envelope';

export const typeOfOffenceSchema = z.object({
  id: z.number().int(),
  name: z.string().min(1).max(120),
  description: z.string().max(1000),
  defaultRate: z.number().min(0),
  isActive: z.boolean(),
});
export type TypeOfOffence = z.infer<typeof typeOfOffenceSchema>;

/** Sortable offence type fields; `-field` sorts descending. Unsorted, by name. */
export const TYPE_OF_OFFENCE_SORT_FIELDS = ['name', 'defaultRate', 'isActive'] as const;
export type TypeOfOffenceSortField = (typeof TYPE_OF_OFFENCE_SORT_FIELDS)[number];

export const typeOfOffenceListResponseSchema = listEnvelope(typeOfOffenceSchema);
export type TypeOfOffenceListResponse = z.infer<typeof typeOfOffenceListResponseSchema>;
export const typeOfOffenceResponseSchema = itemEnvelope(typeOfOffenceSchema);
