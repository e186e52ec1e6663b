import { apiPaths, type ImageContentType, uploadFileResponseSchema } from '@contract';
import type { PhotoMetadata } from '@contract/evidence';
import { DEFAULT_UPLOAD_ALLOWANCE, decideUpload, decideUploader, decideUploadQuota, orThrow, problems } from '@domain';
import { toBase64 } from '../base64';
import { unattachedBytesOf } from '../complaint-store';
import { grantsOf, mockDb, updateMockDb } from '../db';
import { respond, route } from '../http';
import { writeOnce } from '../idempotency';
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
    const { sha256, metadata } = await readUpload(bytes);
    // The same photo sent again under its Idempotency-Key (an offline queue's retry) is stored once.
    return writeOnce(request, account.id, 'uploadFile', { sha256, contentType }, () =>
      store({ ownerId: account.id, bytes, contentType, sha256, metadata }),
    );
  }),
];

/** A new upload, within its owner's quota, kept as the server's files table and folder keep it. */
function store({
  ownerId,
  bytes,
  contentType,
  sha256,
  metadata,
}: {
  ownerId: number;
  bytes: Uint8Array;
  contentType: ImageContentType;
  sha256: string;
  metadata: PhotoMetadata;
}) {
  orThrow(decideUploadQuota(unattachedBytesOf(mockDb(), ownerId), bytes.length, DEFAULT_UPLOAD_ALLOWANCE));
  const file = updateMockDb((db) => {
    const stored = {
      id: randomUuid(),
      ownerId,
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
  const { id, sizeBytes, url } = file;
  return respond(uploadFileResponseSchema, { data: { id, contentType, sizeBytes, url } }, 201);
}
