// Bundles the API server (server/, contract/, fixtures/) into dist-server/main.mjs, which
// `npm start` runs with plain node: no TypeScript loader in the running process, so about
// 40 MB less resident memory. npm packages stay outside the bundle (node_modules).
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export async function buildServer() {
  await build({
    entryPoints: ['server/main.ts'],
    outfile: 'dist-server/main.mjs',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer();
