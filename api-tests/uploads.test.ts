import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, problemTypes } from '../contract/account-rules';
import { signInResponseSchema } from '../contract/auth';
import { uploadFileResponseSchema } from '../contract/files';
import { userTypeByKey } from '../fixtures';
import { expectProblem } from '../server/test/expect-problem';
import { imageBytes, multipartFile } from '../server/test/multipart';
import { expectProblem as expectRefusal, readAs } from './support/api';
import type { FilePart, RequestOptions } from './support/client';
import { connectInjector } from './support/inject';

const t = connectInjector();
beforeEach(async () => {
  await t.api.reset();
});

const MB = 1024 * 1024;

function withHeaders(body: ReturnType<typeof multipartFile>, auth: Record<string, string>) {
  return { payload: body.payload, headers: { ...body.headers, ...auth } };
}

/** An upload of these parts, as the contractor unless `as` says otherwise. */
const uploadParts = (parts: FilePart[], as: RequestOptions['as'] = 'contractor') => t.api.call('POST', 'api/v1/files', { as, parts });
const image = (bytes: Uint8Array, name = 'file'): FilePart => ({ name, bytes, filename: 'photo.png', contentType: 'image/png' });
const field = (name: string, value = 'x'): FilePart => ({ name, bytes: new TextEncoder().encode(value) });
/** A JPEG of `size` bytes unlike any other of this test's: `n` is written into its comment. */
function jpegNo(n: number, size: number) {
  const bytes = new Uint8Array(imageBytes.jpeg(size));
  new DataView(bytes.buffer).setUint32(8, n);
  return bytes;
}

describe('POST /api/v1/files', () => {
  const upload = async (body: ReturnType<typeof multipartFile>, auth?: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/files', ...withHeaders(body, auth ?? (await t.signIn('contractor'))) });

  it('stores JPEG, PNG and WebP judged by content, whatever name and type they claim', async () => {
    const res = await upload(multipartFile(imageBytes.jpeg(5000), { filename: '../../etc/passwd.png', contentType: 'image/png' }));
    expect(res.statusCode).toBe(201);
    const file = uploadFileResponseSchema.parse(res.json()).data;
    expect(file.contentType).toBe('image/jpeg');
    expect((await upload(multipartFile(imageBytes.png()))).statusCode).toBe(201);
  });

  it('refuses other types with 415 and files over 5 MB with 413, and takes exactly 5 MB', async () => {
    const gif = expectProblem(await upload(multipartFile(imageBytes.gif(), { filename: 'a.png', contentType: 'image/png' })), 415);
    expect(gif.type).toBe(problemTypes.unsupportedFileType);
    const text = expectProblem(
      await upload(multipartFile(new TextEncoder().encode('<svg onload=alert(1)>'), { filename: 'x.svg', contentType: 'image/svg+xml' })),
      415,
    );
    expect(text.type).toBe(problemTypes.unsupportedFileType);
    const big = expectProblem(await upload(multipartFile(imageBytes.png(MAX_FILE_BYTES + 1))), 413);
    expect(big.type).toBe(problemTypes.fileTooLarge);
    expect((await upload(multipartFile(imageBytes.png(MAX_FILE_BYTES)))).statusCode).toBe(201);
  });

  it('refuses a request without a file part, or not multipart, with 400', async () => {
    expectProblem(await upload(multipartFile(imageBytes.png(), { field: 'picture' })), 400);
    expectProblem(
      await t.app.inject({ method: 'POST', url: '/api/v1/files', headers: await t.signIn('officer'), payload: { file: 'x' } }),
      400,
    );
  });

  it('needs a session', async () => {
    expectProblem(await t.app.inject({ method: 'POST', url: '/api/v1/files', ...multipartFile(imageBytes.png()) }), 401);
  });

  it('takes exactly one part, a file named "file": a second file, a field before or after it, or no file at all is 400', async () => {
    const png = imageBytes.png();
    const refused: Record<string, FilePart[]> = {
      'two files': [image(png), image(png)],
      'three files': [image(png), image(png), image(png)],
      'a file, then a field': [image(png), field('caption')],
      'a field, then the file': [field('caption'), image(png)],
      'the file, then one of another name': [image(png), image(png, 'picture')],
      'a field named file': [field('file')],
      nothing: [],
    };
    for (const [what, parts] of Object.entries(refused)) {
      const problem = expectRefusal(await uploadParts(parts), 400);
      expect(problem.errors?.file, what).toHaveLength(1);
    }
    // Too large and not alone: the parts are wrong first.
    expectRefusal(await uploadParts([image(imageBytes.png(MAX_FILE_BYTES + 1)), field('caption')]), 400);
  });

  it('lets a user hold 50 MB of images not yet attached to anything; beyond that refuses, storing nothing, until one is attached', {
    timeout: 30_000,
  }, async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push(readAs(uploadFileResponseSchema, await uploadParts([image(jpegNo(i, 5 * MB))])).data.id);

    const full = expectRefusal(await uploadParts([image(imageBytes.png())]), 413);
    expect(full.type).toBe(problemTypes.uploadQuotaFull);
    expect(full.code).toBe('uploadQuotaFull');
    expect(full.detail).toBe(
      'You have 50 MB of images not yet attached to anything; attach them, or wait for them to be cleared (24 hours after each upload).',
    );
    expect(full.errors?.file).toEqual([full.detail]);
    // Another user has room of their own.
    expect((await uploadParts([image(imageBytes.png())], 'officer')).status).toBe(201);

    // An avatar is attached: its 5 MB are free again, and exactly 5 MB fit, so the refused upload kept nothing.
    expect((await t.api.call('PATCH', 'api/v1/me', { as: 'contractor', body: { imageFileId: ids[0] } })).status).toBe(200);
    readAs(uploadFileResponseSchema, await uploadParts([image(jpegNo(10, 5 * MB))]));
    expectRefusal(await uploadParts([image(imageBytes.png())]), 413);
  });

  it('refuses an account with no privilege at all (a registered user still waiting for a role) with 403', async () => {
    const email = 'waiting@example.com';
    const password = 'a long chosen passphrase';
    const invited = await t.api.call('POST', 'api/v1/users', {
      as: 'admin',
      body: { email, fullName: 'Waiting For A Role', userTypeId: userTypeByKey.member.id },
    });
    expect(invited.status, invited.text).toBe(201);
    const code = /\/account\/activation\/([A-Za-z0-9_-]+)/.exec((await t.api.outbox(email))[0]!.text)![1]!;
    expect((await t.api.call('POST', 'api/v1/auth/activate', { body: { code, password } })).status).toBe(200);
    const { token } = readAs(signInResponseSchema, await t.api.call('POST', 'api/v1/auth/sign-in', { body: { email, password } })).data;

    expectRefusal(await uploadParts([image(imageBytes.png())], { token }), 403);
    // Any role lets one upload, if only for one's own avatar.
    expect((await uploadParts([image(imageBytes.png())], 'verifier')).status).toBe(201);
  });
});
