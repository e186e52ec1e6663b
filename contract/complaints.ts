import { z } from 'zod';
import {
  ACCURACY_MAX_METERS,
  COMPLAINT_SHORT_TEXT_MAX,
  COMPLAINT_TEXT_MAX,
  DECISION_STATUS,
  DEVICE_NAME_MAX,
  FUTURE_SKEW_MS,
  MAX_ATTACHMENTS,
  QTY_MAX,
  REMARK_MAX,
} from './complaint-rules';
import { exportQueryShape, idParam, itemEnvelope } from './envelope';
import { placedListEnvelope, placedListQuerySchema } from './placed-lists';

export const complaintStatusSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type ComplaintStatus = z.infer<typeof complaintStatusSchema>;

export const attachmentSchema = z.object({
  id: z.number().int(),
  /** The stored file: an edit names it again to keep the image. */
  fileId: z.uuid(),
  /** An address the browser can show. */
  file: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

const namedRef = z.object({ id: z.number().int(), name: z.string() });

export const complaintContractSchema = z.object({ id: z.number().int(), contractNo: z.string(), title: z.string() });
export type ComplaintContract = z.infer<typeof complaintContractSchema>;

/** One move of a complaint: who, when, from, to, and the text (justification or remark). */
export const statusHistoryEntrySchema = z.object({
  id: z.number().int(),
  fromStatus: complaintStatusSchema.nullable(),
  toStatus: complaintStatusSchema,
  changedBy: z.object({ id: z.number().int(), fullName: z.string() }),
  changedAt: z.iso.datetime(),
  text: z.string(),
});
export type StatusHistoryEntry = z.infer<typeof statusHistoryEntrySchema>;

/** Where the officer stood when registering a complaint (issue 47), in degrees, with the phone's accuracy in metres when it gave one. */
export const coordinatesSchema = z.object({
  latitude: z.number().min(-90, 'A latitude is from -90 to 90 degrees').max(90, 'A latitude is from -90 to 90 degrees'),
  longitude: z.number().min(-180, 'A longitude is from -180 to 180 degrees').max(180, 'A longitude is from -180 to 180 degrees'),
  accuracyMeters: z
    .number()
    .min(0, `An accuracy is from 0 to ${ACCURACY_MAX_METERS} metres`)
    .max(ACCURACY_MAX_METERS, `An accuracy is from 0 to ${ACCURACY_MAX_METERS} metres`)
    .nullable(),
});
export type Coordinates = z.infer<typeof coordinatesSchema>;

/** A complaint the phone made offline at `at` on `device`, and sent later (issue 47). */
export const madeOfflineSchema = z.object({ at: z.iso.datetime({ offset: true }), device: z.string() });
export type MadeOffline = z.infer<typeof madeOfflineSchema>;

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
  /** The contractor organisation the complaint is against, and the contract it falls under. */
  organization: namedRef,
  contract: complaintContractSchema.nullable(),
  /** Registration plus the contract's days to justify; after it only the verifier decides (null without a contract). */
  justifyBy: z.iso.datetime().nullable(),
  createdBy: z.object({ id: z.number().int(), fullName: z.string() }),
  /** Where the officer stood when registering it, as the phone told (null: not told). */
  coordinates: coordinatesSchema.nullable(),
  /** Made offline on a phone and sent later (null: sent as it was made); `createdAt` stays when it arrived. */
  madeOffline: madeOfflineSchema.nullable(),
});
export type Complaint = z.infer<typeof complaintSchema>;

/** One complaint with its whole status history, oldest move first. */
export const complaintDetailSchema = complaintSchema.extend({ statusHistory: z.array(statusHistoryEntrySchema) });
export type ComplaintDetail = z.infer<typeof complaintDetailSchema>;

/**
 * What the complaint lists are filtered by, beside `q`. `from` is inclusive and `to` exclusive:
 * instants of the misconduct, with their offset, so a day means the caller's own day.
 */
export const complaintFilterSchema = z.object({
  /** One or more statuses, e.g. `1,2`. */
  status: z
    .string()
    .regex(/^[1-4](,[1-4]){0,3}$/, 'Statuses are numbers 1 to 4, separated by commas')
    .optional(),
  typeOfOffenceId: idParam.optional(),
  organizationId: idParam.optional(),
  from: z.iso.datetime({ offset: true, message: 'A date and time with its offset, e.g. 2026-01-31T00:00:00+08:00' }).optional(),
  to: z.iso.datetime({ offset: true, message: 'A date and time with its offset, e.g. 2026-02-01T00:00:00+08:00' }).optional(),
  /** `true`: only submitted complaints whose time to justify has ended. */
  overdue: z.enum(['true', 'false']).optional(),
  /** `true`: only complaints whose photos gave a finding the caller would see (the neutral missing capture time is none). */
  findings: z.enum(['true']).optional(),
  /** Only these complaints (ticked on a list), e.g. `12,15`: at most 1,000 ids. */
  ids: z
    .string()
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9}){0,999}$/, 'Complaint ids, separated by commas: at most 1000')
    .optional(),
});
export type ComplaintFilter = z.infer<typeof complaintFilterSchema>;

export const complaintListQuerySchema = placedListQuerySchema.extend({
  /** `true`: every status, newest first; otherwise only the open ones (1, 2). */
  history: z.enum(['true', 'false']).optional(),
  ...complaintFilterSchema.shape,
});
export type ComplaintListQuery = z.input<typeof complaintListQuerySchema>;

/** `GET /api/v1/complaints.csv`: every complaint the list query matches, as CSV. */
export const complaintExportQuerySchema = complaintListQuerySchema.omit({ page: true, limit: true, cursor: true }).extend(exportQueryShape);
export type ComplaintExportQuery = z.input<typeof complaintExportQuerySchema>;

export const complaintListResponseSchema = placedListEnvelope(complaintSchema);
export type ComplaintListResponse = z.infer<typeof complaintListResponseSchema>;
export const complaintResponseSchema = itemEnvelope(complaintDetailSchema);
export type ComplaintResponse = z.infer<typeof complaintResponseSchema>;

const text = (max: number, required: string) => z.string().trim().min(1, required).max(max, `At most ${max} characters`);
const attachmentFileIds = z.array(z.uuid()).max(MAX_ATTACHMENTS, `At most ${MAX_ATTACHMENTS} images`);

const complaintFields = {
  typeOfOffenceId: z.number().int().positive('Select a type of offence'),
  dateOfMisconduct: z.iso
    .datetime({ offset: true, message: 'Enter the date and time of the misconduct' })
    .refine((value) => Date.parse(value) <= Date.now() + FUTURE_SKEW_MS, 'The misconduct cannot be in the future'),
  description: text(COMPLAINT_TEXT_MAX, 'Describe the misconduct'),
  organizationId: z.number().int().positive('Select the contractor'),
  contractId: z.number().int().positive('Select the contract'),
  offender: text(COMPLAINT_SHORT_TEXT_MAX, 'Enter the offender'),
  location: text(COMPLAINT_SHORT_TEXT_MAX, 'Enter the location'),
  qty: z.number().int('A whole number').min(0, 'Zero or more').max(QTY_MAX),
  /**
   * The images, in display order: files the caller uploaded through `POST /api/v1/files`
   * and, when editing, the `fileId`s of the complaint's own images that it keeps.
   */
  attachmentFileIds,
  /** Where the officer stood; null clears it. */
  coordinates: coordinatesSchema.nullable().optional(),
};

/**
 * When and on what the phone made the complaint it sends later: not in the future, and not
 * before the misconduct (domain/complaints.ts `decideMadeOffline`).
 */
export const madeOfflineInputSchema = z
  .object({
    at: z.iso
      .datetime({ offset: true, message: 'The time the complaint was made, with its offset, e.g. 2026-11-29T10:15:00+08:00' })
      .refine((value) => Date.parse(value) <= Date.now() + FUTURE_SKEW_MS, 'The complaint cannot be made in the future'),
    device: text(DEVICE_NAME_MAX, 'Name the device it was made on'),
  })
  .strict();

/** `POST /api/v1/complaints` (officers): a new complaint in status 1; the server makes its refNo. */
export const complaintInputSchema = z
  .object({
    ...complaintFields,
    attachmentFileIds: attachmentFileIds.default([]),
    /** Made offline and sent later: registration only, never changed. */
    madeOffline: madeOfflineInputSchema.nullable().optional(),
  })
  .strict();
export type ComplaintInput = z.input<typeof complaintInputSchema>;

/**
 * `PATCH /api/v1/complaints/{id}`: any of the fields, only while the status is 1. A given
 * `attachmentFileIds` is the whole new set: kept images by their `fileId`, new uploads by theirs;
 * an image left out is removed (and its file deleted when nothing else shows it).
 */
export const complaintUpdateSchema = z.object(complaintFields).partial().strict();
export type ComplaintUpdate = z.input<typeof complaintUpdateSchema>;

/** `POST /api/v1/complaints/{id}/justify` (the contractor's users): status 1 → 2. */
export const justifyComplaintRequestSchema = z
  .object({ justification: text(COMPLAINT_TEXT_MAX, 'Write the justification'), attachmentFileIds: attachmentFileIds.default([]) })
  .strict();
export type JustifyComplaintRequest = z.input<typeof justifyComplaintRequestSchema>;

/** `POST /api/v1/complaints/{id}/verify` (verifiers): 1 or 2 → 3 (fine) or 4 (waive). */
export const verifyComplaintRequestSchema = z
  .object({
    decision: z.enum(Object.keys(DECISION_STATUS) as ['fine', 'waive']),
    remark: z.string().trim().max(REMARK_MAX, `At most ${REMARK_MAX} characters`).nullable().optional(),
  })
  .strict();
export type VerifyComplaintRequest = z.input<typeof verifyComplaintRequestSchema>;

/** `GET /api/v1/complaints/form-options`: what the complaint form offers to choose from. */
export const complaintFormOptionsResponseSchema = itemEnvelope(
  z.object({
    typeOfOffences: z.array(namedRef),
    // Each contract with the days it runs (YYYY-MM-DD, both included): a complaint's contract runs on its misconduct day.
    organizations: z.array(
      namedRef.extend({ contracts: z.array(complaintContractSchema.extend({ startDate: z.iso.date(), endDate: z.iso.date() })) }),
    ),
  }),
);
export type ComplaintFormOptions = z.infer<typeof complaintFormOptionsResponseSchema>['data'];

/**
 * `GET /api/v1/complaints/filter-options`: what the complaint lists can be filtered by — every
 * type of offence (inactive ones too: old complaints use them) and the contractors the caller
 * may see complaints of.
 */
export const complaintFilterOptionsResponseSchema = itemEnvelope(
  z.object({
    typeOfOffences: z.array(namedRef.extend({ isActive: z.boolean() })),
    organizations: z.array(namedRef),
  }),
);
export type ComplaintFilterOptions = z.infer<typeof complaintFilterOptionsResponseSchema>['data'];

/** How many of their own moves `GET /api/v1/me/complaint-moves` shows a user. */
export const MY_MOVES_LIMIT = 20;

/** One move the caller made, newest first: the side panel's timeline. */
export const myComplaintMoveSchema = statusHistoryEntrySchema.omit({ changedBy: true }).extend({
  complaintId: z.number().int(),
  refNo: z.string(),
});
export type MyComplaintMove = z.infer<typeof myComplaintMoveSchema>;
export const myComplaintMovesResponseSchema = itemEnvelope(z.object({ items: z.array(myComplaintMoveSchema) }));
export type MyComplaintMovesResponse = z.infer<typeof myComplaintMovesResponseSchema>;
