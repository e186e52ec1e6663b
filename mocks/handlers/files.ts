import { apiPaths, uploadFileResponseSchema } from '@contract';
import { DEFAULT_UPLOAD_ALLOWANCE, decideUpload, decideUploader, decideUploadQuota, orThrow, problems } from '@domain';
import { toBase64 } from '../base64';
import { unattachedBytesOf } from '../complaint-store';
import { grantsOf, mockDb, updateMockDb } from '../db';
import { respond, route } from '../http';
import { readParts } from '../multipart';
import { readUpload } from '../photo-reading';
import { randomUuid } from '../random-codes';
import { requireSession } from '../session';

export const fileHandlers = [
  route('post', apiPaths.files, async ({ request }) => {
    const { account } = requireSession(request);
    orThrow(decideUploader(grantsOf(mockDb(), account)));
    if (!/^multipart\/form-data/i.test(request.headers.get('content-type') ?? '')) throw problems.fileMissing();
    const parts = await readParts(request);
    if (parts === null) throw problems.fileMissing();
    const { bytes, contentType } = orThrow(decideUpload(parts));
    orThrow(decideUploadQuota(unattachedBytesOf(mockDb(), account.id), bytes.length, DEFAULT_UPLOAD_ALLOWANCE));
    const { sha256, metadata } = await readUpload(bytes);
    const file = updateMockDb((db) => {
      const stored = {
        id: randomUuid(),
        ownerId: account.id,
        contentType,
        sizeBytes: bytes.length,
        // A data: URL is shown like any address and survives a reload with the mock db.
        url: `data:${contentType};base64,${toBase64(bytes)}`,
        createdAt: new Date().toISOString(),
        sha256,
        metadata,
      };
      db.files.push(stored);
      return stored;
    });
    const { id, contentType: type, sizeBytes, url } = file;
    return respond(uploadFileResponseSchema, { data: { id, contentType: type, sizeBytes, url } }, 201);
  }),
];
