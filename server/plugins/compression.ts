import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { constants } from 'node:zlib';

/**
 * API answers above 8 KB are compressed as the client accepts: Brotli at quality 1 or gzip at
 * level 6. Measured with `npm run bench:api` (README): a History of 64 complaints goes from 77 KB
 * to 9 KB for 0.2 ms of CPU; below 8 KB the bytes saved are not worth the CPU (Brotli even at
 * quality 1 took a third of the bell's poll throughput at 5 KB), so the poll goes as it is.
 * Images are compressed already and go as they are; the SPA's files were compressed once at
 * build time (`preCompressed` in app.ts) and are never compressed again here. Request bodies
 * are never inflated: a small compressed upload cannot grow past the body limit.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  // The SPA's files: compressed at build time or too small to gain; never again per request.
  // (Before the plugin's own onRoute hook, which reads this.)
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    threshold: 8 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_LGWIN]: 18 } },
    zlibOptions: { level: 6 },
    // An answer already in memory is compressed in one call, up to 256 KB (about 2 ms at
    // quality 4): no zlib stream and no threadpool round trip per answer.
    syncThreshold: 256 * 1024,
    globalDecompression: false,
  });
});
