import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_FILE_BYTES } from '../../contract/account-rules';
import { uploadFileResponseSchema } from '../../contract/files';
import { apiPaths } from '../../contract/paths';
import { decideUpload } from '../../domain/files';
import { orThrow, problems } from '../../domain/problems';
import type { Db } from '../db/client';
import { callerOf } from '../plugins/auth';
import { findFile, insertFile } from '../repositories/files';
import type { FileUrls } from '../services/file-urls';
import { sha256 } from '../services/tokens';

const EXTENSION = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/** Uploads, and reading a file through the signature its address carries (PRODUCT.md, files). */
export const fileRoutes: FastifyPluginAsyncZod<{ db: Db; urls: FileUrls; filesDir: string }> = async (app, { db, urls, filesDir }) => {
  // One file per request; a few bytes over the limit is enough to know it is too large.
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 0, parts: 2, fieldSize: 1024 } });

  /** The bytes of the one part named `file`. */
  async function readFilePart(request: FastifyRequest): Promise<Buffer> {
    if (!request.isMultipart()) throw problems.fileMissing();
    try {
      const part = await request.file();
      if (!part || part.fieldname !== 'file') throw problems.fileMissing('Send the image in a part named "file".');
      return await part.toBuffer();
    } catch (error) {
      const { RequestFileTooLargeError, FilesLimitError, PartsLimitError, FieldsLimitError } = app.multipartErrors;
      if (error instanceof RequestFileTooLargeError) throw problems.fileTooLarge();
      if (error instanceof FilesLimitError || error instanceof PartsLimitError || error instanceof FieldsLimitError) {
        throw problems.fileMissing('Send one image, in a part named "file", and nothing else.');
      }
      throw error;
    }
  }

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
    const bytes = await readFilePart(request);
    const contentType = orThrow(decideUpload(bytes));
    const storageName = `${randomUUID()}.${EXTENSION[contentType]}`;
    await mkdir(filesDir, { recursive: true });
    const path = join(filesDir, storageName);
    await writeFile(path, bytes, { flag: 'wx' });
    try {
      const id = await insertFile(db, { ownerId: callerOf(request).account.user.id, storageName, contentType, sizeBytes: bytes.length, sha256: sha256(bytes) });
      return reply.code(201).send({ data: { id, url: urls.url(id), contentType, sizeBytes: bytes.length } });
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
  });

  app.get(`/${apiPaths.file(':id')}`, {
    config: { problems: [problems.fileAddressInvalid] },
    schema: {
      summary: 'A stored image, through the signed address an attachment carries',
      params: z.object({ id: z.uuid() }),
      querystring: z.object({ exp: z.coerce.number().int(), sig: z.string().max(100) }),
    },
  }, async (request, reply) => {
    const { id } = request.params;
    if (!urls.verify(id, request.query.exp, request.query.sig)) throw problems.fileAddressInvalid();
    const file = await findFile(db, id);
    if (!file) throw problems.notFound('File');
    return reply
      .type(file.contentType)
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', 'inline')
      .send(createReadStream(join(filesDir, file.storageName)));
  });
};
