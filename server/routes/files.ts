import type { IncomingMessage } from 'node:http';
import { finished } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_FILE_BYTES } from '../../contract/account-rules';
import { fileQuerySchema, uploadFileResponseSchema } from '../../contract/files';
import { apiPaths } from '../../contract/paths';
import { decideUpload, decideUploader, decideUploadQuota, type UploadAllowance, type UploadPart } from '../../domain/files';
import { orThrow, problems } from '../../domain/problems';
import type { Db } from '../db/client';
import { callerOf } from '../plugins/auth';
import { findFile, insertFile, lockUploadsOf, unattachedBytesOf } from '../repositories/files';
import { grantsOf } from '../repositories/privileges';
import type { FileUrls } from '../services/file-urls';
import { type FileStore, MissingFileError } from '../services/file-store';
import { byteRangeOf } from '../http/byte-range';
import { UndecodableImageError, VARIANT_CONTENT_TYPE } from '../services/images';
import { sha256 } from '../services/tokens';
import { keyedRequest, writeOnce } from '../services/idempotent-writes';
import { idempotentWrite } from '../openapi/idempotency';
import { differenceHash, readPhotoMetadata } from '../services/photo-metadata';

/**
 * Two parts are enough to know an upload is not one image alone: busboy passes on no more
 * (it skips a third and every one after, and says so), keeps no file part's bytes beyond the
 * size limit, and no text field's beyond a few.
 */
const PART_LIMITS = { fileSize: MAX_FILE_BYTES, parts: 2, files: 2, fields: 2, fieldSize: 1024, headerPairs: 16 };

/**
 * The most of one upload request that is read: two parts of 5 MB (busboy's limits: what would
 * tell it is more than one image) and room for their headers. Beyond it the bytes would only be
 * read to be dropped, for as long as a client cared to send them.
 */
export const UPLOAD_BODY_CAP = 2 * MAX_FILE_BYTES + 64 * 1024;

/**
 * Rejects with 413 once the request has sent more than `UPLOAD_BODY_CAP`; the error handler
 * answers it, stops the parsing and closes the connection on what still comes.
 */
function refuseBeyondCap(request: FastifyRequest): Promise<never> {
  return new Promise((_, reject) => {
    let received = 0;
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= UPLOAD_BODY_CAP) return;
      request.raw.off('data', count);
      reject(problems.fileTooLarge());
    };
    request.raw.on('data', count);
  });
}

/** Resolves once the whole request has arrived, whatever still reads it; its bytes are dropped. */
async function bodyEnd(raw: IncomingMessage) {
  if (raw.readableEnded) return;
  // Parsing may have stopped early (a malformed body); the rest must still be taken off the wire.
  if (raw.readableFlowing !== true) raw.resume();
  await finished(raw);
}

/** What OpenAPI says of an upload: one binary part, `file`. */
const UPLOAD_BODY = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          file: { type: 'string', format: 'binary', description: `A JPEG, PNG or WebP image, at most ${MAX_FILE_BYTES / 1024 / 1024} MB` },
        },
        additionalProperties: false,
      },
    },
  },
};

const header = (description: string, type = 'string') => ({ description, schema: { type } });

/** An image answer: the original's type, or WebP for a copy; streamed, cached, by range when asked. */
function imageAnswer(description: string, partial = false) {
  const binary = { schema: { type: 'string', format: 'binary' } };
  return {
    description,
    headers: {
      'Cache-Control': header('`private, max-age=3600`: the signed address is the permission'),
      'Accept-Ranges': header('`bytes`'),
      'Content-Length': header('The bytes of this answer', 'integer'),
      'Content-Disposition': header('`inline`, or `attachment` with a file name when `download=1`'),
      ETag: header('The original’s SHA-256 (not sent for a copy): give it as `If-Range`'),
      'Repr-Digest': header('`sha-256=:…:` of the original as uploaded (not sent for a copy), to check the evidence against'),
      ...(partial ? { 'Content-Range': header('`bytes start-end/size`') } : {}),
    },
    content: { 'image/jpeg': binary, 'image/png': binary, 'image/webp': binary },
  };
}

/** Uploads, and reading a file through the signature its address carries (PRODUCT.md, files). */
export const fileRoutes: FastifyPluginAsyncZod<{
  db: Db;
  urls: FileUrls;
  store: FileStore;
  allowance: UploadAllowance;
  /** The zone a photo's capture time is in when it names no offset. */
  photoZone?: string;
}> = async (app, { db, urls, store, allowance, photoZone }) => {
  // The size limit is read from each file stream's `truncated`, not thrown: see readParts.
  await app.register(multipart, { limits: PART_LIMITS, throwFileSizeLimit: false });

  /**
   * Every part of the request as far as busboy passes them on, each read to its end, and the
   * request itself read to its end before anything is answered: a refusal never races the
   * parts still arriving, and a client that is still sending reads the answer, not a reset.
   */
  async function readParts(request: FastifyRequest): Promise<UploadPart[]> {
    if (!request.isMultipart()) throw problems.fileMissing();
    const parts: UploadPart[] = [];
    const { PartsLimitError, FilesLimitError, FieldsLimitError, PrematureCloseError } = app.multipartErrors;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          parts.push({ name: part.fieldname, isFile: false, bytes: new Uint8Array(0) });
          continue;
        }
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        // Busboy stops keeping bytes at the limit and says so here, however the chunks fell.
        parts.push({ name: part.fieldname, isFile: true, bytes: Buffer.concat(chunks), truncated: part.file.truncated });
      }
    } catch (error) {
      if (error instanceof PrematureCloseError) throw error;
      if (error instanceof PartsLimitError || error instanceof FilesLimitError || error instanceof FieldsLimitError) {
        // A part beyond those passed on: one more than the image, whatever it was.
        parts.push({ name: '', isFile: false, bytes: new Uint8Array(0) });
      } else {
        // Not multipart/form-data after all (a part without its headers, a body cut short).
        await bodyEnd(request.raw);
        throw problems.fileMissing();
      }
    }
    await bodyEnd(request.raw);
    return parts;
  }

  app.post(
    `/${apiPaths.files}`,
    {
      config: {
        problems: [
          problems.forbidden,
          problems.fileMissing,
          problems.fileTooLarge,
          problems.unsupportedFileType,
          problems.uploadQuotaFull,
          ...idempotentWrite(201).problems,
        ],
        openapi: { ...idempotentWrite(201).openapi, requestBody: UPLOAD_BODY },
      },
      onRequest: app.requireCaller,
      schema: {
        operationId: 'uploadFile',
        summary: 'Upload an image',
        description:
          "Upload an image (multipart, one part `file` and nothing else): a whole JPEG, PNG or WebP by content, at most 5 MB, within the caller's quota of unattached images",
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 201: uploadFileResponseSchema },
      },
    },
    async (request, reply) => {
      const { account } = callerOf(request);
      orThrow(decideUploader(await grantsOf(db, account.userTypeId)));
      // A length past the cap is refused before a byte of the body is read.
      if (Number(request.headers['content-length']) > UPLOAD_BODY_CAP) throw problems.fileTooLarge();
      // readParts has piped the request into the parser by the time it returns; the count joins it.
      const reading = readParts(request);
      const { bytes, contentType } = orThrow(decideUpload(await Promise.race([reading, refuseBeyondCap(request)])));
      const digest = sha256(bytes);
      // The same photo sent again under its Idempotency-Key (an offline queue's retry) is stored once.
      const keyed = keyedRequest(request, account.user.id, 'uploadFile', { sha256: digest, contentType });
      const answerOf = async ({ madeId }: { madeId: string }) => {
        const found = await findFile(db, madeId);
        if (!found) throw problems.notFound('File');
        return { data: { id: madeId, url: urls.url(madeId), contentType: found.contentType, sizeBytes: found.sizeBytes } };
      };
      await writeOnce(db, reply, keyed, {
        status: 201,
        prepare: async () => {
          // A look without the lock first, so an upload over the quota costs no decoding; the locked check below decides.
          orThrow(decideUploadQuota(await unattachedBytesOf(db, account.user.id), bytes.length, allowance));
          // First bytes that look right are not enough: what does not decode whole is refused.
          const storageName = await store.save(bytes, contentType).catch((error: unknown) => {
            throw error instanceof UndecodableImageError ? problems.unsupportedFileType() : error;
          });
          // What the original says about itself, read before anything is made of it without its EXIF (issue 35).
          const [metadata, dhash] = await Promise.all([readPhotoMetadata(bytes, photoZone), differenceHash(bytes)]);
          return { storageName, metadata, dhash };
        },
        write: async (tx, testimony) => {
          await lockUploadsOf(tx, account.user.id);
          orThrow(decideUploadQuota(await unattachedBytesOf(tx, account.user.id), bytes.length, allowance));
          const id = await insertFile(tx, { ownerId: account.user.id, contentType, sizeBytes: bytes.length, sha256: digest, ...testimony });
          return { madeId: id };
        },
        discard: ({ storageName }) => store.remove([storageName]),
        answerOf,
      });
      return reply;
    },
  );

  app.get(
    `/${apiPaths.file(':id')}`,
    {
      config: {
        problems: [problems.fileAddressInvalid, problems.rangeNotSatisfiable],
        openapi: { responses: { 200: imageAnswer('The image, whole'), 206: imageAnswer('One byte range of the image', true) } },
      },
      schema: {
        operationId: 'getFile',
        summary: 'Read an image',
        description:
          'A stored image through the signed address an attachment carries: the original as uploaded, or a smaller WebP copy (`variant`); one byte range when asked (`Range`, 206)',
        params: z.object({ id: z.uuid() }),
        querystring: fileQuerySchema,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { exp, sig, variant, download } = request.query;
      if (!urls.verify(id, exp, sig)) throw problems.fileAddressInvalid();
      const file = await findFile(db, id);
      if (!file) throw problems.notFound('File');
      const extension = variant ? 'webp' : file.storageName.split('.').pop();
      reply
        .header('cache-control', 'private, max-age=3600')
        .header('accept-ranges', 'bytes')
        .header(
          'content-disposition',
          download ? `attachment; filename="${[id, variant, extension].filter(Boolean).join('.')}"` : 'inline',
        );
      let key = file.storageName;
      // The original's validator is its hash: a range is served against it only (If-Range).
      let etag: string | undefined = `"${file.sha256}"`;
      if (variant) {
        etag = undefined;
        key = await store.variant(file.storageName, variant).catch((error: unknown) => {
          // Stored before uploads were decoded, and not an image after all: there is nothing to show.
          if (error instanceof UndecodableImageError || error instanceof MissingFileError) throw problems.notFound('Image');
          throw error;
        });
        reply.type(VARIANT_CONTENT_TYPE);
      } else {
        // The evidence as it came: whoever saves it can check it against the recorded hash.
        reply
          .type(file.contentType)
          .header('etag', etag)
          .header('repr-digest', `sha-256=:${Buffer.from(file.sha256, 'hex').toString('base64')}:`);
      }
      const size = await store.storage.size(key);
      if (size === null) throw problems.notFound('File');
      const ifRange = request.headers['if-range'];
      const range = ifRange !== undefined && ifRange !== etag ? 'whole' : byteRangeOf(request.headers.range, size);
      if (range === 'unsatisfiable') throw problems.rangeNotSatisfiable(size);
      // Streamed from the storage as it comes, never held whole.
      const body = await store.storage.read(key, range === 'whole' ? undefined : range);
      if (!body) throw problems.notFound('File');
      if (range === 'whole') return reply.header('content-length', size).send(body);
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', range.end - range.start + 1)
        .send(body);
    },
  );
};
