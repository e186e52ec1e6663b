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
