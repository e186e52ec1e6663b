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
import { typedProblem } from '../problem';
import { randomUuid } from '../random-codes';
import { invalidFields, respond } from '../request-validation';
import { requireSession } from '../session';

/** The multipart part `file`, or the 400 answer thrown. */
async function readFilePart(request: Request): Promise<Blob> {
  const missing = () => invalidFields({ file: ['Choose an image to upload.'] });
  const form = await request.formData().catch(() => {
    throw missing();
  });
  const part = form.get('file');
  // Not `instanceof File`: under jsdom, the page's File class is not the one fetch hands over.
  if (part === null || typeof part === 'string') throw missing();
  return part;
}

export const fileHandlers = [
  http.post(apiRoute(apiPaths.files), async ({ request }) => {
    await simulateLatency();
    const { account } = requireSession(request);
    const part = await readFilePart(request);
    if (part.size > MAX_FILE_BYTES) {
      return typedProblem(413, problemTypes.fileTooLarge, 'File too large', {
        detail: `An image may be at most ${MAX_FILE_BYTES / 1024 / 1024} MB.`,
      });
    }
    const bytes = new Uint8Array(await part.arrayBuffer());
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
