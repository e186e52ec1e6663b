import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problems } from '../../domain/problems';
import { z } from 'zod';
import { MAX_FILE_BYTES, problemTypes, sniffImageType } from '../../contract/account-rules';
import { uploadFileResponseSchema } from '../../contract/files';
import { apiPaths } from '../../contract/paths';
import type { Db } from '../db/client';
import { files } from '../db/schema';
import { forbidden, invalidField, notFound, typedProblem } from '../http/problem';
import { callerOf } from '../plugins/auth';
import type { FileUrls } from '../services/file-urls';
import { sha256 } from '../services/tokens';

const EXTENSION = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
const tooLarge = () => typedProblem(413, problemTypes.fileTooLarge, 'File too large', `Images may be at most ${MAX_FILE_BYTES / 1024 / 1024} MB.`);

/** Reading a file needs the signature its address carries (PRODUCT.md, files). */
export const fileRoutes: FastifyPluginAsyncZod<{ db: Db; urls: FileUrls; filesDir: string }> = async (app, { db, urls, filesDir }) => {
  // One file per request; a few bytes over the limit is enough to know it is too large.
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 0, parts: 2, fieldSize: 1024 } });

  app.post(`/${apiPaths.files}`, {
    config: { problems: [problems.fileMissing, problems.fileTooLarge, problems.unsupportedFileType] },
    onRequest: app.requireCaller,
    schema: {
      summary: 'Upload an image (multipart field `file`): JPEG, PNG or WebP by content, at most 5 MB',
      security: [{ bearer: [] }],
      consumes: ['multipart/form-data'],
      response: { 201: uploadFileResponseSchema },
    },
  }, async (request, reply) => {
    if (!request.isMultipart()) throw invalidField('file', 'Send the image as multipart/form-data, in a part named "file".');
    let bytes: Buffer;
    try {
      const part = await request.file();
      if (!part || part.fieldname !== 'file') throw invalidField('file', 'Send the image in a part named "file".');
      bytes = await part.toBuffer();
    } catch (error) {
      if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
      if (error instanceof app.multipartErrors.FilesLimitError || error instanceof app.multipartErrors.PartsLimitError || error instanceof app.multipartErrors.FieldsLimitError) {
        throw invalidField('file', 'Send one image, in a part named "file", and nothing else.');
      }
      throw error;
    }
    if (bytes.length === 0) throw invalidField('file', 'The file is empty.');
    if (bytes.length > MAX_FILE_BYTES) throw tooLarge();
    const contentType = sniffImageType(bytes);
    if (!contentType) throw typedProblem(415, problemTypes.unsupportedFileType, 'Unsupported file type', 'Only JPEG, PNG or WebP images are accepted.');

    const storageName = `${randomUUID()}.${EXTENSION[contentType]}`;
    await mkdir(filesDir, { recursive: true });
    const path = join(filesDir, storageName);
    await writeFile(path, bytes, { flag: 'wx' });
    try {
      const [row] = await db
        .insert(files)
        .values({ ownerId: callerOf(request).account.user.id, storageName, contentType, sizeBytes: bytes.length, sha256: sha256(bytes) })
        .returning({ id: files.id });
      return reply.code(201).send({ data: { id: row!.id, url: urls.url(row!.id), contentType, sizeBytes: bytes.length } });
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
  });

  app.get('/api/v1/files/:id', {
    config: { problems: [problems.fileAddressInvalid] },
    schema: {
      summary: 'A stored image, through the signed address an attachment carries',
      params: z.object({ id: z.uuid() }),
      querystring: z.object({ exp: z.coerce.number().int(), sig: z.string().max(100) }),
    },
  }, async (request, reply) => {
    const { id } = request.params;
    if (!urls.verify(id, request.query.exp, request.query.sig)) throw forbidden('This file address is not valid or has expired.');
    const [file] = await db.select().from(files).where(eq(files.id, id));
    if (!file) throw notFound('File');
    return reply
      .type(file.contentType)
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', 'inline')
      .send(createReadStream(join(filesDir, file.storageName)));
  });
};
