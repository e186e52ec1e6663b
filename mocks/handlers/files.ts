import { http } from 'msw';
import {
  apiPaths,
  MAX_FILE_BYTES,
  problemTypes,
  sniffImageType,
  uploadFileResponseSchema,
} from '@contract';
import { toBase64 } from '../base64';
import { updateMockDb } from '../db';
import { apiRoute } from '../api-route';
import { simulateLatency } from '../latency';
import { readFilePart } from '../multipart';
import { typedProblem } from '../problem';
import { randomUuid } from '../random-codes';
import { invalidFields, respond } from '../request-validation';
import { requireSession } from '../session';

/** The bytes of the multipart part `file`, or the 400 answer thrown. */
async function readUpload(request: Request): Promise<Uint8Array> {
  const bytes = await readFilePart(request, 'file');
  if (bytes === null) throw invalidFields({ file: ['Choose an image to upload.'] });
  return bytes;
}

export const fileHandlers = [
  http.post(apiRoute(apiPaths.files), async ({ request }) => {
    await simulateLatency();
    const { account } = requireSession(request);
    const bytes = await readUpload(request);
    if (bytes.length > MAX_FILE_BYTES) {
      return typedProblem(413, problemTypes.fileTooLarge, 'File too large', {
        detail: `An image may be at most ${MAX_FILE_BYTES / 1024 / 1024} MB.`,
      });
    }
    // By content only: the name and declared type of a part prove nothing.
    const contentType = sniffImageType(bytes);
    if (!contentType) {
      return typedProblem(415, problemTypes.unsupportedFileType, 'Unsupported file type', {
        detail: 'Upload a JPEG, PNG or WebP image.',
      });
    }
    const file = updateMockDb((db) => {
      const stored = {
        id: randomUuid(),
        ownerId: account.id,
        contentType,
        sizeBytes: bytes.length,
        // A data: URL is shown like any address and survives a reload with the mock db.
        url: `data:${contentType};base64,${toBase64(bytes)}`,
        createdAt: new Date().toISOString(),
      };
      db.files.push(stored);
      return stored;
    });
    return respond(uploadFileResponseSchema, { data: file }, 201);
  }),
];
