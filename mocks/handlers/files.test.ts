import { apiPaths, MAX_FILE_BYTES, problemTypes, uploadFileResponseSchema } from '@contract';
import { demoAccounts } from '@fixtures';
import {
  ascii,
  call,
  PNG_BYTES,
  postMultipart,
  readAs,
  readProblem,
  signIn,
  uploadFile,
} from '../api-test-client';

// src/test/setup.ts starts the MSW node server for every test file and resets the mock db
// after each test.

const JPEG_BYTES = Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...ascii('JFIF'), 0x00);
const WEBP_BYTES = Uint8Array.of(...ascii('RIFF'), 0x1a, 0x00, 0x00, 0x00, ...ascii('WEBPVP8 '));

/** `size` bytes that start like a PNG. */
function pngOfSize(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_BYTES);
  return bytes;
}

describe('uploading an image', () => {
  it('stores JPEG, PNG and WebP by their content, whatever name and type they claim', async () => {
    const token = await signIn(demoAccounts.officer.email);
    for (const [bytes, contentType] of [
      [JPEG_BYTES, 'image/jpeg'],
      [PNG_BYTES, 'image/png'],
      [WEBP_BYTES, 'image/webp'],
    ] as const) {
      const response = await uploadFile(token, bytes, 'photo.gif', 'application/octet-stream');
      expect(response.status).toBe(201);
      const { data } = await readAs(uploadFileResponseSchema, response);
      expect(data).toMatchObject({ contentType, sizeBytes: bytes.length });
      // The address shows the very bytes that were sent.
      const [, base64] = /^data:image\/[a-z]+;base64,(.*)$/.exec(data.url) ?? [];
      expect(Uint8Array.from(atob(base64 ?? ''), (char) => char.charCodeAt(0))).toEqual(bytes);
    }
  });

  it('takes exactly 5 MB and refuses one byte more with 413', async () => {
    const token = await signIn(demoAccounts.officer.email);
    const largest = await readAs(
      uploadFileResponseSchema,
      await uploadFile(token, pngOfSize(MAX_FILE_BYTES)),
    );
    expect(largest.data.sizeBytes).toBe(MAX_FILE_BYTES);
    await readProblem(
      await uploadFile(token, pngOfSize(MAX_FILE_BYTES + 1)),
      413,
      problemTypes.fileTooLarge,
    );
  });

  it('refuses with 415 what is not JPEG, PNG or WebP, whatever it is called', async () => {
    const token = await signIn(demoAccounts.officer.email);
    const pretenders = [
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Uint8Array.of(...ascii('GIF89a'), 0x01, 0x00, 0x01, 0x00),
      Uint8Array.of(...ascii('RIFF'), 0x1a, 0x00, 0x00, 0x00, ...ascii('WAVEfmt ')),
    ];
    for (const bytes of pretenders) {
      await readProblem(
        await uploadFile(token, bytes, 'avatar.png', 'image/png'),
        415,
        problemTypes.unsupportedFileType,
      );
    }
  });

  it('answers 400 without a part named file, and 401 without a session', async () => {
    const token = await signIn(demoAccounts.officer.email);
    const missing = await readProblem(
      await postMultipart(apiPaths.files, token, [
        { name: 'image', bytes: PNG_BYTES, filename: 'a.png' },
      ]),
      400,
      problemTypes.validation,
    );
    expect(missing.errors).toHaveProperty('file');
    await readProblem(
      await postMultipart(apiPaths.files, token, [
        { name: 'file', bytes: new TextEncoder().encode('just text') },
      ]),
      400,
      problemTypes.validation,
    );
    await readProblem(
      await call(apiPaths.files, { method: 'POST', token, body: {} }),
      400,
      problemTypes.validation,
    );
    await readProblem(await call(apiPaths.files, { method: 'POST', body: {} }), 401);
  });
});
