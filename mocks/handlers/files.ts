import { apiPaths, uploadFileResponseSchema } from '@contract';
import { decideUpload, orThrow, problems } from '@domain';
import { toBase64 } from '../base64';
import { updateMockDb } from '../db';
import { respond, route } from '../http';
import { readFilePart } from '../multipart';
import { randomUuid } from '../random-codes';
import { requireSession } from '../session';

export const fileHandlers = [
  route('post', apiPaths.files, async ({ request }) => {
    const { account } = requireSession(request);
    if (!/^multipart\/form-data/i.test(request.headers.get('content-type') ?? '')) throw problems.fileMissing();
    const bytes = await readFilePart(request, 'file');
    if (bytes === null) throw problems.fileMissing('notFile');
    const contentType = orThrow(decideUpload(bytes));
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
