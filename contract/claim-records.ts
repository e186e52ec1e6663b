import { z } from 'zod';
import { CLAIM_STATUSES, MONTH_PATTERN, PAYMENT_REFERENCE_MAX } from './claim-record-fields';
import { calendarDateSchema } from './contracts';
import { exportQueryShape, idParam, itemEnvelope, listEnvelope, listQuerySchema } from './envelope';

export * from './claim-record-fields';

export const monthSchema = z.string().regex(MONTH_PATTERN, 'A month as YYYY-MM');

/** One fined complaint on a claim record, as it was priced then. */
export const claimLineSchema = z.object({
  complaintId: z.number().int(),
  refNo: z.string(),
  typeOfOffence: z.object({ id: z.number().int(), name: z.string() }),
  dateOfMisconduct: z.iso.datetime({ offset: true }),
  qty: z.number().int(),
  rate: z.string(),
  expression: z.string(),
  repeatCount: z.number().int(),
  amount: z.string(),
});
export type ClaimLine = z.infer<typeof claimLineSchema>;

/**
 * A claim record (PRODUCT.md "Contracts and money", `/api/v1/claim-records`): one contract's
 * fined complaints of one month, `draft` → `issued` (an invoice number and dates, immutable)
 * → `paid`. Money as decimal strings.
 */
export const claimRecordSchema = z.object({
  id: z.number().int(),
  contract: z.object({ id: z.number().int(), contractNo: z.string(), title: z.string() }),
  organization: z.object({ id: z.number().int(), name: z.string() }),
  month: z.string(),
  status: z.enum(CLAIM_STATUSES),
  total: z.string(),
  lineCount: z.number().int(),
  invoiceNo: z.string().nullable(),
  issuedOn: z.string().nullable(),
  dueOn: z.string().nullable(),
  paidOn: z.string().nullable(),
  paymentReference: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type ClaimRecord = z.infer<typeof claimRecordSchema>;

/** Who bills whom, as they were when the record was issued: an issued invoice never changes. */
export const invoicePartySchema = z.object({
  name: z.string(),
  registrationNo: z.string(),
  address: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type InvoiceParty = z.infer<typeof invoicePartySchema>;

/** The issuer (the authority of the officer who issued it) and the contractor billed; null while a draft. */
export const invoicePartiesSchema = z.object({ issuer: invoicePartySchema, billTo: invoicePartySchema });
export type InvoiceParties = z.infer<typeof invoicePartiesSchema>;

export const claimRecordDetailSchema = claimRecordSchema.extend({
  lines: z.array(claimLineSchema),
  parties: invoicePartiesSchema.nullable(),
});
export type ClaimRecordDetail = z.infer<typeof claimRecordDetailSchema>;

export const claimRecordListQuerySchema = listQuerySchema.extend({
  contractId: idParam.optional(),
  organizationId: idParam.optional(),
  status: z.enum(CLAIM_STATUSES).optional(),
  month: monthSchema.optional(),
  /** Months from and to, both included (the dashboard's period). */
  from: monthSchema.optional(),
  to: monthSchema.optional(),
});

/** `POST /api/v1/claim-records`: a draft of that contract's fines of that month. */
export const claimRecordCreateSchema = z.object({ contractId: z.number().int().positive(), month: monthSchema }).strict();
export type ClaimRecordCreate = z.infer<typeof claimRecordCreateSchema>;

/** `POST /{id}/pay`: the day the money arrived and the payment's reference. */
export const claimRecordPaySchema = z
  .object({
    paidOn: calendarDateSchema,
    reference: z
      .string()
      .trim()
      .min(1, 'Enter the payment reference')
      .max(PAYMENT_REFERENCE_MAX, `At most ${PAYMENT_REFERENCE_MAX} characters`),
  })
  .strict();
export type ClaimRecordPay = z.infer<typeof claimRecordPaySchema>;

/** `GET /{id}.csv`: the lines, headers in `lang`. */
export const claimLinesExportQuerySchema = z.object(exportQueryShape);

export const claimRecordListResponseSchema = listEnvelope(claimRecordSchema);
export const claimRecordResponseSchema = itemEnvelope(claimRecordDetailSchema);
