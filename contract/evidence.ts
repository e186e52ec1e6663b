import { z } from 'zod';
import { itemEnvelope } from './envelope';

/*
 * What a photo says about itself (issue 35): read from the original's EXIF when it is uploaded,
 * before the copies shown are stripped, and kept with the file. Every part may be missing: a
 * screenshot or a photo passed through a messaging app carries none of it.
 */

export const photoMetadataSchema = z.object({
  /** When it was taken (EXIF DateTimeOriginal), as an instant. */
  takenAt: z.iso.datetime({ offset: true }).nullable(),
  /** The photo named its offset from UTC (OffsetTimeOriginal); otherwise the authority's zone was assumed. */
  takenAtOffsetKnown: z.boolean(),
  /** Where (EXIF GPS), in degrees, with the receiver's stated accuracy in metres when it gave one. */
  gps: z
    .object({
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
      accuracyMeters: z.number().min(0).nullable(),
    })
    .nullable(),
  cameraMake: z.string().max(100).nullable(),
  cameraModel: z.string().max(100).nullable(),
  /** The program that last wrote the file (EXIF Software). */
  software: z.string().max(200).nullable(),
  /** The original's size in pixels. */
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
});
export type PhotoMetadata = z.infer<typeof photoMetadataSchema>;

/** A photo that says nothing about itself. */
export const NO_METADATA: PhotoMetadata = {
  takenAt: null,
  takenAtOffsetKnown: false,
  gps: null,
  cameraMake: null,
  cameraModel: null,
  software: null,
  width: null,
  height: null,
};

/** The complaint another photo like this one is attached to (within what the caller may see). */
export const otherComplaintSchema = z.object({ id: z.number().int().positive(), refNo: z.string() });

/** What the evidence says, photo by photo: informs a decision, never blocks a move. */
export const evidenceFindingSchema = z.discriminatedUnion('kind', [
  /** Taken outside the window around the stated date of misconduct: `minutesAfter` is negative when before. */
  z.object({ kind: z.literal('takenOutsideWindow'), fileId: z.string(), takenAt: z.string(), minutesAfter: z.number().int() }),
  /** No capture time: a screenshot, a messaging app: neutral, not an accusation. */
  z.object({ kind: z.literal('noCaptureTime'), fileId: z.string() }),
  /** Re-saved by editing software. */
  z.object({ kind: z.literal('edited'), fileId: z.string(), software: z.string() }),
  /** The same image (`identical`: same SHA-256; `similar`: perceptually near) on another complaint. */
  z.object({ kind: z.literal('duplicate'), fileId: z.string(), match: z.enum(['identical', 'similar']), other: otherComplaintSchema }),
  /** Two photos of the complaint taken further apart than the configured distance. */
  z.object({ kind: z.literal('farApart'), fileIds: z.array(z.string()).length(2), meters: z.number().int().min(0) }),
  /**
   * An officer's photo taken further from where the officer stood when registering (the complaint's
   * `coordinates`) than the configured distance plus both positions' stated accuracy.
   */
  z.object({ kind: z.literal('farFromOfficer'), fileId: z.string(), meters: z.number().int().min(0) }),
]);
export type EvidenceFinding = z.infer<typeof evidenceFindingSchema>;
export type EvidenceFindingKind = EvidenceFinding['kind'];

/** One photo of a complaint as evidence: whose it is, the SHA-256 of its original, what it says of itself. */
export const photoEvidenceSchema = z.object({
  fileId: z.uuid(),
  /** The officer's evidence of the misconduct, or the contractor's with a justification. */
  kind: z.enum(['complaint', 'justification']),
  /** SHA-256 of the original exactly as uploaded, in hex. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Null for a photo uploaded before photos were read: nothing is said of it, nor is it compared. */
  metadata: photoMetadataSchema.nullable(),
});
export type PhotoEvidence = z.infer<typeof photoEvidenceSchema>;

/** The window around the stated misconduct a photo is expected in, and how far apart photos may be. */
export const evidenceRulesSchema = z.object({
  minutesBefore: z.number().int().min(0),
  minutesAfter: z.number().int().min(0),
  farApartMeters: z.number().int().min(0),
});

/** `GET /api/v1/complaints/{id}/evidence`: the complaint's photos and what they say, to the caller's sight. */
export const complaintEvidenceSchema = z.object({
  photos: z.array(photoEvidenceSchema),
  findings: z.array(evidenceFindingSchema),
  rules: evidenceRulesSchema,
});
export type ComplaintEvidence = z.infer<typeof complaintEvidenceSchema>;
export const complaintEvidenceResponseSchema = itemEnvelope(complaintEvidenceSchema);
export type ComplaintEvidenceResponse = z.infer<typeof complaintEvidenceResponseSchema>;
