import { z } from 'zod';
import { itemEnvelope, listEnvelope, listQuerySchema } from './envelope';

/** 1 Submitted, 2 Justified, 3 Fined, 4 Waived (PRODUCT.md, complaint states). */
export const COMPLAINT_STATUS = { submitted: 1, justified: 2, fined: 3, waived: 4 } as const;
export const complaintStatusSchema = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
]);
export type ComplaintStatus = z.infer<typeof complaintStatusSchema>;

export const attachmentSchema = z.object({
  id: z.number().int(),
  /** An address the browser can show. */
  file: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const complaintSchema = z.object({
  id: z.number().int(),
  refNo: z.string(),
  typeOfOffence: z.object({ id: z.number().int(), name: z.string() }),
  dateOfMisconduct: z.iso.datetime({ offset: true }),
  description: z.string(),
  offender: z.string(),
  location: z.string(),
  qty: z.number().int().min(0),
  complaintAttachments: z.array(attachmentSchema),
  justification: z.string().nullable(),
  justificationAttachments: z.array(attachmentSchema),
  status: complaintStatusSchema,
  statusText: z.string(),
  remark: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Complaint = z.infer<typeof complaintSchema>;

export const complaintListQuerySchema = listQuerySchema.extend({
  /** `true`: every status, newest first; otherwise only the open ones (1, 2). */
  history: z.enum(['true', 'false']).optional(),
});
export type ComplaintListQuery = z.input<typeof complaintListQuerySchema>;

export const complaintListResponseSchema = listEnvelope(complaintSchema);
export type ComplaintListResponse = z.infer<typeof complaintListResponseSchema>;
export const complaintResponseSchema = itemEnvelope(complaintSchema);
export type ComplaintResponse = z.infer<typeof complaintResponseSchema>;
