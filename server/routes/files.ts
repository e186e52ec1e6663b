import { createReadStream } from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_FILE_BYTES } from '../../contract/account-rules';
import { fileQuerySchema, uploadFileResponseSchema } from '../../contract/files';
import { apiPaths } from '../../contract/paths';
import { decideUpload } from '../../domain/files';
import { orThrow, problems } from '../../domain/problems';
import type { Db } from '../db/client';
import { callerOf } from '../plugins/auth';
import { findFile, insertFile } from '../repositories/files';
import type { FileUrls } from '../services/file-urls';
import { fileStore } from '../services/file-store';
import { UndecodableImageError, VARIANT_CONTENT_TYPE } from '../services/images';
import { sha256 } from '../services/tokens';

/** Uploads, and reading a file through the signature its address carries (PRODUCT.md, files). */
export const fileRoutes: FastifyPluginAsyncZod<{ db: Db; urls: FileUrls; filesDir: string }> = async (app, { db, urls, filesDir }) => {
  const store = fileStore(filesDir);
  // One file per request; a few bytes over the limit is enough to know it is too large.
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 0, parts: 2, fieldSize: 1024 } });

  /** The bytes of the one part named `file`. */
  async function readFilePart(request: FastifyRequest): Promise<Buffer> {
    if (!request.isMultipart()) throw problems.fileMissing();
    try {
      const part = await request.file();
      if (!part || part.fieldname !== 'file') throw problems.fileMissing('notFile');
      return await part.toBuffer();
    } catch (error) {
      const { RequestFileTooLargeError, FilesLimitError, PartsLimitError, FieldsLimitError } = app.multipartErrors;
      if (error instanceof RequestFileTooLargeError) throw problems.fileTooLarge();
      if (error instanceof FilesLimitError || error instanceof PartsLimitError || error instanceof FieldsLimitError) {
        throw problems.fileMissing('notOnlyFile');
      }
      throw error;
    }
  }

  app.post(`/${apiPaths.files}`, {
    config: { problems: [problems.fileMissing, problems.fileTooLarge, problems.unsupportedFileType] },
    onRequest: app.requireCaller,
    schema: {
      summary: 'Upload an image (multipart field `file`): a whole JPEG, PNG or WebP by content, at most 5 MB',
      security: [{ bearer: [] }],
      consumes: ['multipart/form-data'],
      response: { 201: uploadFileResponseSchema },
    },
  }, async (request, reply) => {
    const bytes = await readFilePart(request);
    const contentType = orThrow(decideUpload(bytes));
    // First bytes that look right are not enough: what does not decode whole is refused.
    const storageName = await store.save(bytes, contentType).catch((error: unknown) => {
      throw error instanceof UndecodableImageError ? problems.unsupportedFileType() : error;
    });
    try {
      const id = await insertFile(db, { ownerId: callerOf(request).account.user.id, storageName, contentType, sizeBytes: bytes.length, sha256: sha256(bytes) });
      return reply.code(201).send({ data: { id, url: urls.url(id), contentType, sizeBytes: bytes.length } });
    } catch (error) {
      await store.remove([storageName]);
      throw error;
    }
  });

  app.get(`/${apiPaths.file(':id')}`, {
    config: { problems: [problems.fileAddressInvalid] },
    schema: {
      summary: 'A stored image through the signed address an attachment carries: the original as uploaded, or a smaller WebP copy (`variant`)',
      params: z.object({ id: z.uuid() }),
      querystring: fileQuerySchema,
    },
  }, async (request, reply) => {
    const { id } = request.params;
    const { exp, sig, variant, download } = request.query;
    if (!urls.verify(id, exp, sig)) throw problems.fileAddressInvalid();
    const file = await findFile(db, id);
    if (!file) throw problems.notFound('File');
    const extension = variant ? 'webp' : file.storageName.split('.').pop();
    reply
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', download ? `attachment; filename="${[id, variant, extension].filter(Boolean).join('.')}"` : 'inline');
    if (!variant) {
      // The evidence as it came: whoever saves it can check it against the recorded hash.
      return reply
        .type(file.contentType)
        .header('repr-digest', `sha-256=:${Buffer.from(file.sha256, 'hex').toString('base64')}:`)
        .send(createReadStream(store.originalPath(file.storageName)));
    }
    const path = await store.variant(file.storageName, variant).catch((error: unknown) => {
      // Stored before uploads were decoded, and not an image after all: there is nothing to show.
      throw error instanceof UndecodableImageError ? problems.notFound('Image') : error;
    });
    return reply.type(VARIANT_CONTENT_TYPE).send(createReadStream(path));
  });
};
