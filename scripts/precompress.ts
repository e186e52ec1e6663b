import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** What is worth compressing: text. Images and fonts in these formats are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map|webmanifest)$/;
/**
 * What a compressed copy adds to a response: `content-encoding: br` and `vary: accept-encoding`
 * (about 50 bytes). A copy that saves less than this is not written, and the file goes as it is.
 */
const HEADER_BYTES = 64;

function filesIn(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesIn(path) : [path];
  });
}

/**
 * Writes a Brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file
 * of the build, once, so the server sends them as they are (`@fastify/static`'s
 * `preCompressed`) and spends no CPU per request. Returns what it wrote, for the build log.
 */
export function precompressDir(dir: string) {
  let raw = 0;
  let br = 0;
  let count = 0;
  for (const file of filesIn(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const bytes = readFileSync(file);
    const brotli = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
    // Small files too: most of the app's chunks are under a kilobyte, and half of each is saved.
    if (brotli.length + HEADER_BYTES > bytes.length) continue;
    writeFileSync(`${file}.br`, brotli);
    const gzip = gzipSync(bytes, { level: 9 });
    if (gzip.length + HEADER_BYTES <= bytes.length) writeFileSync(`${file}.gz`, gzip);
    raw += bytes.length;
    br += brotli.length;
    count += 1;
  }
  return { count, raw, br };
}

/** The Vite plugin: after the production build (public/ copied too), for the server's build only. */
export function precompress(): Plugin {
  let outDir = 'dist';
  let enabled = false;
  return {
    name: 'complaint-desk:precompress',
    apply: 'build',
    // After every other plugin's output: the service worker (vite-plugin-pwa) is written in its closeBundle.
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.outDir;
      // The mock build is served by `vite preview`, which compresses nothing of its own.
      enabled = config.mode === 'production';
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (!enabled) return;
        const { count, raw, br } = precompressDir(outDir);
        this.info(`precompressed ${count} files: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB Brotli`);
      },
    },
  };
}
