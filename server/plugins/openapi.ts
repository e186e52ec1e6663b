import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemSchema } from '../../contract/envelope';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The catalogue problems (domain/problems.ts) this route answers beyond what its shape implies. */
    problems?: readonly { status: number }[];
  }
}

/** A privilege guard (`app.requirePrivilege`) carries this mark, so its route is known to answer 403. */
export const GUARD = Symbol('privilege guard');

const PROBLEM_CONTENT = { 'application/problem+json': { schema: z.toJSONSchema(problemSchema, { io: 'output' }) } };
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad input: a problem document, with `errors` per field',
  401: 'No session, or it has ended',
  403: 'Not allowed by the privilege matrix, or not the caller’s record',
  404: 'Not found',
  409: 'Conflicts with the record’s state',
  410: 'Gone: used or expired',
  413: 'Too large',
  415: 'Unsupported file type',
  429: 'Throttled: retry after `retryAfter` seconds (also the Retry-After header)',
};

/**
 * The problems a route can answer: 400 for any input schema, 401 behind a session, 403
 * behind a privilege guard, 404 for a record in the path, and the route's own catalogue entries.
 */
function problemStatuses(route: RouteOptions): Set<number> {
  const statuses = new Set((route.config?.problems ?? []).map((p) => p.status));
  const schema = (route.schema ?? {}) as Record<string, unknown> & { security?: unknown[] };
  if (schema.body || schema.querystring || schema.params) statuses.add(400);
  if (schema.security?.length) statuses.add(401);
  if ([route.onRequest].flat().some((hook) => hook && GUARD in hook)) statuses.add(403);
  if (schema.params) statuses.add(404);
  return statuses;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Operation {
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; schema?: { type?: string } }[];
  requestBody?: unknown;
  responses?: Record<string, { description?: string }>;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A plain, readable reference rendered from the OpenAPI document: no script, no assets. */
function renderDocs(doc: {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
}) {
  const sections = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = item[method];
      if (!op) return [];
      const params = (op.parameters ?? [])
        .map(
          (p) =>
            `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ', required' : ''}${p.schema?.type ? `, ${p.schema.type}` : ''})</li>`,
        )
        .join('');
      const responses = Object.entries(op.responses ?? {})
        .map(([code, r]) => `<li><code>${code}</code> ${escapeHtml(r.description ?? '')}</li>`)
        .join('');
      return [
        `<section><h2><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h2>` +
          `<p>${escapeHtml(op.summary ?? '')}${op.security?.length ? ' <em>(bearer token)</em>' : ''}</p>` +
          (params ? `<h3>Parameters</h3><ul>${params}</ul>` : '') +
          (op.requestBody ? '<h3>Body</h3><p>JSON, see <a href="/api/openapi.json">openapi.json</a></p>' : '') +
          (responses ? `<h3>Responses</h3><ul>${responses}</ul>` : '') +
          '</section>',
      ];
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(doc.info.title)} API</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:920px;margin:2rem auto;padding:0 1rem;color:#222}
section{border:1px solid #ddd;border-radius:8px;padding:.5rem 1rem;margin:1rem 0}h2{font-size:1.05rem}h3{font-size:.9rem;margin:.5rem 0 0}
.m{display:inline-block;min-width:4.5em;border-radius:4px;color:#fff;text-align:center;font-size:.8rem;padding:2px 6px}
.get{background:#1c7ed6}.post{background:#2f9e44}.delete{background:#e03131}.patch,.put{background:#f08c00}</style></head>
<body><h1>${escapeHtml(doc.info.title)} API <small>${escapeHtml(doc.info.version)}</small></h1>
<p>${escapeHtml(doc.info.description ?? '')} Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
${sections.join('\n')}</body></html>`;
}

/** The contract's zod schemas, published as OpenAPI 3.1 and as a readable page. */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  const problemsOf = new Map<string, Set<number>>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1/')) return;
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    for (const method of [route.method].flat()) problemsOf.set(`${method.toLowerCase()} ${path}`, problemStatuses(route));
  });
  /** The document with every operation's problem answers, under application/problem+json. */
  const documented = () => {
    const doc = app.swagger() as unknown as { paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const [method, operation] of Object.entries(item)) {
        for (const status of problemsOf.get(`${method} ${path}`) ?? []) {
          (operation.responses ??= {})[String(status)] ??= { description: STATUS_TEXT[status] ?? 'Problem', content: PROBLEM_CONTENT };
        }
      }
    }
    return doc;
  };
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Complaint Desk',
        version: '1',
        description: 'Errors are RFC 9457 problem details. Lists answer { data: { items, pagination } }.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => documented());
  app.get('/api/docs', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderDocs(documented() as Parameters<typeof renderDocs>[0])),
  );
});
