import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

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
function renderDocs(doc: { info: { title: string; version: string; description?: string }; paths?: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>> }) {
  const sections = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = item[method];
      if (!op) return [];
      const params = (op.parameters ?? [])
        .map((p) => `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ', required' : ''}${p.schema?.type ? `, ${p.schema.type}` : ''})</li>`)
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
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/api/docs', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderDocs(app.swagger() as Parameters<typeof renderDocs>[0])),
  );
});
