import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project folder. This module sits one level below it both as source (`server/`) and
 * bundled into `dist-server/main.mjs` by scripts/build-server.mjs, so the same line serves both.
 */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'server/db/migrations');
export const FIXTURE_IMAGES_DIR = join(PROJECT_ROOT, 'public/fixtures/images');
