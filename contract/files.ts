import { z } from 'zod';
import { IMAGE_CONTENT_TYPES, MAX_FILE_BYTES } from './account-rules';
import { itemEnvelope } from './envelope';

/** `POST /api/v1/files` (multipart, field `file`) → 201: the stored image and where to show it. */
export const uploadedFileSchema = z.object({
  id: z.uuid(),
  /** A signed, expiring address to show the image with. */
  url: z.string(),
  contentType: z.enum(IMAGE_CONTENT_TYPES),
  sizeBytes: z.number().int().min(1).max(MAX_FILE_BYTES),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
export const uploadFileResponseSchema = itemEnvelope(uploadedFileSchema);
export type UploadFileResponse = z.infer<typeof uploadFileResponseSchema>;

/**
 * The smaller copies the server makes of each image, to show instead of the original (which
 * stays as uploaded, the evidence): `thumb` for the 100 px square slots (200 px on its shorter
 * edge, for dense screens), `display` for the enlarged view (within 1600 px). Both WebP,
 * upright, without EXIF or GPS.
 */
export const FILE_VARIANTS = ['thumb', 'display'] as const;
export type FileVariant = (typeof FILE_VARIANTS)[number];

/**
 * `GET /api/v1/files/:id`: the signature covers the file and the expiry only, so the same
 * address serves every variant; without `variant`, the original as uploaded.
 */
export const fileQuerySchema = z.object({
  exp: z.coerce.number().int(),
  sig: z.string().max(100),
  variant: z.enum(FILE_VARIANTS).optional().describe('A smaller copy; absent: the original as uploaded'),
  download: z.literal('1').optional().describe('1: send as an attachment to save, not to show'),
});
