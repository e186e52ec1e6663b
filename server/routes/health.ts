import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { MIGRATIONS_DIR } from '../paths';
import { databaseAnswers, latestMigrationApplied } from '../repositories/app-secrets';
import type { ProcessCache } from '../services/process-cache';
import type { Storage } from '../services/storage';

/** How long one part of readiness may take before it counts as failing. */
const CHECK_TIMEOUT_MS = 2_000;

/** What anyone may read of a check: never why it fails (an error's message names hosts and folders); the log says why. */
const check = z.enum(['ok', 'failing']);
const readinessSchema = z
  .object({
    status: z.enum(['ready', 'not ready']),
    checks: z.object({
      database: check,
      migrations: check,
      storage: check,
      processCache: z.enum(['ok', 'failing', 'off']).describe('`off` when the process cache is turned off'),
    }),
  })
  .meta({ id: 'Readiness', description: 'Whether this process takes traffic, and whether each part is `ok` or `failing`' });
const healthSchema = z
  .object({ status: z.literal('ok') })
  .meta({ id: 'Health', description: 'The process is up and the database answers' });

/** Resolves to `ok`, or to `failing` (a timeout included) with why in the log; never throws. */
async function outcome(part: string, log: FastifyBaseLogger, run: () => Promise<unknown>): Promise<'ok' | 'failing'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([run(), late]);
    return 'ok';
  } catch (error) {
    log.warn({ err: error, check: part }, 'readiness check failing');
    return 'failing';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/api/health`, liveness: the process is up and the database answers. `/api/ready`, readiness
 * (issue 33), a load balancer's probe: 200 only when the database answers, its migrations are
 * this release's, the file storage answers and the process cache listens (or is off); else 503
 * naming the failing part, and the log says why. While the process drains on shutdown, Fastify
 * answers 503 itself.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; storage: Storage; processCache: ProcessCache | null }> = async (
  app,
  { db, storage, processCache },
) => {
  // The newest migration this release ships: the database is current once it has it.
  const newest = Math.max(...readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => m.folderMillis));

  const healthDoc = { operationId: 'getHealth', summary: 'Is the process up', description: 'Up, and the database answers' };
  app.get('/api/health', { schema: { ...healthDoc, response: { 200: healthSchema } } }, async () => {
    await databaseAnswers(db);
    return { status: 'ok' as const };
  });

  app.get(
    '/api/ready',
    {
      schema: {
        operationId: 'getReadiness',
        summary: 'Is the process ready for traffic',
        description:
          'Ready for traffic: the database, its migrations, the file storage and the process cache; 503 names the part that fails (`failing`), never why',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (request, reply) => {
      const [database, migrations, files, cache] = await Promise.all([
        outcome('database', request.log, () => databaseAnswers(db)),
        outcome('migrations', request.log, async () => {
          const applied = await latestMigrationApplied(db);
          if (applied < newest) throw new Error('the database lacks migrations of this release: run the newest release’s start once');
        }),
        outcome('storage', request.log, () => storage.check()),
        processCache
          ? outcome('processCache', request.log, async () => {
              if (!processCache.live) throw new Error('not listening to the database’s change notices');
            })
          : ('off' as const),
      ]);
      const checks = { database, migrations, storage: files, processCache: cache };
      const ready = Object.values(checks).every((value) => value === 'ok' || value === 'off');
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
    },
  );
};
