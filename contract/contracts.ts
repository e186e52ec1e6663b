import { z } from 'zod';
import { exportQueryShape, idParam, itemEnvelope, listEnvelope, listQuerySchema } from './envelope';
import {
  CONTRACT_NO_MAX,
  CONTRACT_TITLE_MAX,
  DEFAULT_JUSTIFICATION_DAYS,
  JUSTIFICATION_DAYS_MAX,
  JUSTIFICATION_DAYS_MIN,
} from './contract-fields';
import { decimalStringSchema } from './formulas';

export * from './contract-fields';

/** A calendar day, `YYYY-MM-DD`. */
export const calendarDateSchema = z.iso.date({ message: 'A date as YYYY-MM-DD' });

/** A contract's rate for one type of offence, as money ("150.00"). */
export const contractRateSchema = z.object({ typeOfOffenceId: z.number().int(), rate: z.string() });
export type ContractRate = z.infer<typeof contractRateSchema>;

/**
 * A contract (PRODUCT.md "Contracts and money", `/api/v1/contracts`): a contractor's
 * engagement for a period, its value, the formula its fines follow and a rate per type of
 * offence (a type without one is charged its default rate).
 */
export const contractSchema = z.object({
  id: z.number().int(),
  contractNo: z.string(),
  title: z.string(),
  organizationId: z.number().int(),
  zoneId: z.number().int().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  value: z.string(),
  formulaId: z.number().int().nullable(),
  justificationDays: z.number().int(),
  rates: z.array(contractRateSchema),
});
export type Contract = z.infer<typeof contractSchema>;

const money = decimalStringSchema.refine((v) => !v.startsWith('-'), 'Zero or more');
const fields = {
  contractNo: z.string().trim().min(1, 'Enter the contract number').max(CONTRACT_NO_MAX, `At most ${CONTRACT_NO_MAX} characters`),
  title: z.string().trim().min(1, 'Enter a title').max(CONTRACT_TITLE_MAX, `At most ${CONTRACT_TITLE_MAX} characters`),
  organizationId: z.number().int().positive(),
  zoneId: z.number().int().positive().nullable(),
  startDate: calendarDateSchema,
  endDate: calendarDateSchema,
  value: money,
  formulaId: z.number().int().positive(),
  justificationDays: z
    .number()
    .int()
    .min(JUSTIFICATION_DAYS_MIN, `At least ${JUSTIFICATION_DAYS_MIN} day`)
    .max(JUSTIFICATION_DAYS_MAX, `At most ${JUSTIFICATION_DAYS_MAX} days`),
  rates: z.array(z.object({ typeOfOffenceId: z.number().int().positive(), rate: money }).strict()).max(500),
};

/** `POST`: numbers unique whatever their case; end on or after start; each offence type rated once. */
export const contractInputSchema = z
  .object({
    ...fields,
    zoneId: fields.zoneId.default(null),
    justificationDays: fields.justificationDays.default(DEFAULT_JUSTIFICATION_DAYS),
    rates: fields.rates.default([]),
  })
  .strict();
export type ContractInput = z.input<typeof contractInputSchema>;

/** `PATCH /{id}`: any field; `rates` replaces them all. */
export const contractUpdateSchema = z.object(fields).partial().strict();
export type ContractUpdate = z.input<typeof contractUpdateSchema>;

/** `GET /api/v1/contracts`: by contractor, zone and the day a contract must be running on. */
export const contractListQuerySchema = listQuerySchema.extend({
  organizationId: idParam.optional(),
  zoneId: idParam.optional(),
  activeOn: calendarDateSchema.optional(),
});
export const contractExportQuerySchema = contractListQuerySchema.omit({ page: true, limit: true }).extend(exportQueryShape);

export const contractListResponseSchema = listEnvelope(contractSchema);
export const contractResponseSchema = itemEnvelope(contractSchema);
