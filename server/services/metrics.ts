import cluster from 'node:cluster';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { problems } from '../../domain/problems';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client';
import { mailOutboxUnsent, storedUploads } from '../repositories/metrics';
import type { ProcessCache } from './process-cache';

/**
 * What `GET /metrics` tells Prometheus (issue 33): requests by route and status with their
 * durations; the process's CPU, memory and event-loop lag (prom-client's defaults); the pool's
 * connections; the process cache's hits and misses; the mail outbox's unsent messages and the
 * uploads stored. Under WORKERS=n each process keeps its own, and the primary adds them up.
 */
export function createMetrics({ db, processCache }: { db: Db; processCache: ProcessCache | null }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by route and status',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pool = db.$client;
  new Gauge({
    name: 'pg_pool_connections',
    help: "The database pool's connections: total, in use, idle, and requests waiting for one",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  // Counters that follow the cache's own counts: each scrape adds what came since the last.
  const seen = { hits: 0, misses: 0 };
  for (const kind of ['hits', 'misses'] as const)
    new Counter({
      name: `process_cache_${kind}_total`,
      help: `Answers ${kind === 'hits' ? 'taken from' : 'not found in'} the process cache (sessions, privileges, polls)`,
      registers: [registry],
      collect() {
        const now = processCache?.stats[kind] ?? 0;
        this.inc(now - seen[kind]);
        seen[kind] = now;
      },
    });
  // Of the whole database, the same in every process: under WORKERS=n one process's figure, not their sum.
  new Gauge({
    name: 'mail_outbox_unsent',
    help: 'Messages in the mail outbox not sent yet',
    aggregator: 'max',
    registers: [registry],
    async collect() {
      this.set(await mailOutboxUnsent(db));
    },
  });
  // Both from one query: the scrape's collections run at once, so one gauge cannot wait for the other.
  let uploads: Promise<{ files: number; bytes: number }> | null = null;
  const storedNow = () => {
    uploads ??= storedUploads(db).finally(() => setImmediate(() => (uploads = null)));
    return uploads;
  };
  new Gauge({
    name: 'uploads_stored_bytes',
    help: 'Bytes of the uploaded originals kept (their copies not counted)',
    aggregator: 'max',
    registers: [registry],
    async collect() {
      this.set((await storedNow()).bytes);
    },
  });
  new Gauge({
    name: 'uploads_stored_files',
    help: 'Uploaded originals kept',
    aggregator: 'max',
    registers: [registry],
    async collect() {
      this.set((await storedNow()).files);
    },
  });
  // A worker answers its primary's requests for its numbers from this registry.
  // (prom-client listens for those requests once an AggregatorRegistry has been made.)
  if (cluster.isWorker) {
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([registry]);
  }

  return {
    registry,
    observe(method: string, route: string, status: number, seconds: number) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
  };
}

const REQUEST = 'complaint-desk:metrics-request';
const ANSWER = 'complaint-desk:metrics-answer';

/**
 * The cluster's primary: answers a worker's request for everyone's numbers, added up by
 * prom-client's AggregatorRegistry (which asks each worker for its own).
 */
export function serveClusterMetrics() {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: string }) => {
    if (message?.type !== REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text, contentType: aggregator.contentType }),
      (error: Error) => worker.send({ type: ANSWER, id: message.id, error: error.message }),
    );
  });
}

/** In a worker: every process's numbers, from the primary. */
function clusterText(): Promise<{ text: string; contentType: string }> {
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', listen);
      reject(new Error('The primary did not answer with the metrics in time'));
    }, 5_000);
    const listen = (message: { type?: string; id?: string; text?: string; contentType?: string; error?: string }) => {
      if (message?.type !== ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', listen);
      if (message.error) reject(new Error(message.error));
      else resolve({ text: message.text!, contentType: message.contentType! });
    };
    process.on('message', listen);
    process.send!({ type: REQUEST, id });
  });
}

/**
 * `GET /metrics`, Prometheus' text format, when METRICS_TOKEN is set: only with
 * `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); without it, as if there were none (404).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { db, processCache, token }: { db: Db; processCache: ProcessCache | null; token?: string }) => {
    if (!token) return;
    const metrics = createMetrics({ db, processCache });
    app.addHook('onResponse', async (request, reply) => {
      metrics.observe(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    });
    const expected = Buffer.from(`Bearer ${token}`);
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw problems.metricsTokenRequired();
      const { text, contentType } = cluster.isWorker
        ? await clusterText()
        : { text: await metrics.registry.metrics(), contentType: metrics.registry.contentType };
      return reply.type(contentType).header('cache-control', 'no-store').send(text);
    });
  },
);
