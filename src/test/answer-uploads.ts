import { NO_METADATA } from '@contract/evidence';
import { http, HttpResponse } from 'msw';
import { apiPaths } from '@contract/paths';
import { updateMockDb } from '@mocks/db';
import { readFilePart } from '@mocks/multipart';
import { server } from '@mocks/node';
import { randomUuid } from '@mocks/random-codes';
import { requireSession } from '@mocks/session';

/** A 1×1 PNG, small enough to show as an address. */
const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/**
 * jsdom's File does not reach the mock API byte for byte through a multipart body, so the
 * content sniffing would refuse it: this stores each upload for its sender as the mock does,
 * whatever the bytes, so later calls that name the file accept it; `hold` keeps the answer
 * back until it settles. Answers the sizes of the parts received.
 */
export function answerUploads({ hold }: { hold?: Promise<void> } = {}): number[] {
  const uploads: number[] = [];
  server.use(
    http.post(`*/${apiPaths.files}`, async ({ request }) => {
      const { account } = requireSession(request);
      const part = await readFilePart(request, 'file');
      if (part === null) return HttpResponse.json({ title: 'No file', status: 400 }, { status: 400 });
      uploads.push(part.length);
      await hold;
      const stored = updateMockDb((db) => {
        const file = {
          id: randomUuid(),
          ownerId: account.id,
          contentType: 'image/png' as const,
          sizeBytes: 68,
          url: PIXEL,
          createdAt: new Date().toISOString(),
          sha256: '0'.repeat(64),
          metadata: NO_METADATA,
        };
        db.files.push(file);
        return file;
      });
      const { id, url, contentType, sizeBytes } = stored;
      return HttpResponse.json({ data: { id, url, contentType, sizeBytes } }, { status: 201 });
    }),
  );
  return uploads;
}
