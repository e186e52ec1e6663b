import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { files } from '../db/schema';
import { forbidden, notFound } from '../http/problem';
import type { FileUrls } from '../services/file-urls';

/** Reading a file needs the signature its address carries (PRODUCT.md, files). */
export const fileRoutes: FastifyPluginAsyncZod<{ db: Db; urls: FileUrls; filesDir: string }> = async (app, { db, urls, filesDir }) => {
  app.get('/api/v1/files/:id', {
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
