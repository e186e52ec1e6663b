import { z } from 'zod';
import { QTY_MAX } from './complaint-rules';
import { itemEnvelope, listEnvelope } from './envelope';
import { FORMULA_DESCRIPTION_MAX, FORMULA_EXPRESSION_MAX, FORMULA_NAME_MAX, MONEY_PATTERN, REPEAT_COUNT_MAX } from './formula-fields';

export * from './formula-fields';

/**
 * A penalty formula (PRODUCT.md "Contracts and money", `/api/v1/formulas`): an expression
 * over `qty`, `rate`, `contractValue` and `repeatCount`, checked when saved by domain/formula.ts.
 */
export const formulaSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  expression: z.string(),
  active: z.boolean(),
});
export type Formula = z.infer<typeof formulaSchema>;

const fields = {
  name: z.string().trim().min(1, 'Enter a name').max(FORMULA_NAME_MAX, `At most ${FORMULA_NAME_MAX} characters`),
  description: z.string().trim().max(FORMULA_DESCRIPTION_MAX, `At most ${FORMULA_DESCRIPTION_MAX} characters`),
  // The evaluator refuses what is longer, with the place; the schema only stops the absurd.
  expression: z.string().max(FORMULA_EXPRESSION_MAX, `At most ${FORMULA_EXPRESSION_MAX} characters`),
  active: z.boolean(),
};

/** `POST`: names unique whatever their case; the expression must check (400 with its position). */
export const formulaInputSchema = z
  .object({ ...fields, description: fields.description.default(''), active: fields.active.default(true) })
  .strict();
export type FormulaInput = z.input<typeof formulaInputSchema>;

/** `PATCH /{id}`: any field; `active: false` takes one in use out of new contracts. */
export const formulaUpdateSchema = z.object(fields).partial().strict();
export type FormulaUpdate = z.input<typeof formulaUpdateSchema>;

export const formulaListResponseSchema = listEnvelope(formulaSchema);
export const formulaResponseSchema = itemEnvelope(formulaSchema);

/** Money and rates as the API sends them: a decimal string with at most two places. */
export const decimalStringSchema = z.string().regex(MONEY_PATTERN, 'A number with at most two decimals, e.g. 150.00');

/** `POST /api/v1/formulas/evaluate`: the preview of an expression for the values given. */
export const formulaEvaluateRequestSchema = z
  .object({
    expression: fields.expression,
    variables: z
      .object({
        qty: z.number().int().min(0).max(QTY_MAX),
        rate: decimalStringSchema,
        contractValue: decimalStringSchema,
        repeatCount: z.number().int().min(0).max(REPEAT_COUNT_MAX),
      })
      .strict(),
  })
  .strict();
export type FormulaEvaluateRequest = z.infer<typeof formulaEvaluateRequestSchema>;
export const formulaEvaluateResponseSchema = itemEnvelope(z.object({ result: z.string() }));
