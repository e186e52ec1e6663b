import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { problemTypes } from '../../contract/account-rules';
import type { Guard } from '../../domain/access';
import { problems } from '../../domain/problems';
import { type Document, finishDocument, METHODS, type Operation, type ProblemEntry, type RouteFacts } from '../openapi/document';
import { nameApiSchemas } from '../openapi/named-schemas';
import { TAGS } from '../openapi/words';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The catalogue problems (domain/problems.ts) this route answers beyond what its shape implies. */
    problems?: readonly ProblemEntry[];
    /** What the route's schemas cannot tell OpenAPI: a multipart body, an image answer and its headers. */
    openapi?: Partial<Operation>;
  }
}

/** A privilege guard (`app.requirePrivilege`) carries this mark with what it asks, so the document says who may call its route. */
export const GUARD = Symbol('privilege guard');

/**
 * The API's version: the major one is the `/api/v1` of every path; the minor grows when calls,
 * fields or refusals are added, the patch when only words change.
 */
export const API_VERSION = '1.4.0';

const DESCRIPTION = `The API of Complaint Desk, which the web application itself uses.

- **Sessions**: \`POST /api/v1/auth/sign-in\` answers an opaque bearer token (or a second-factor challenge to answer first); send it as \`Authorization: Bearer …\`. It ends at sign-out, after its time, or when an administrator disables the account.
- **Answers**: one record is \`{ data }\`; a list is \`{ data: { items, pagination } }\`.
- **Refusals** are RFC 9457 problem documents (\`application/problem+json\`) with a stable \`code\` from one catalogue (\`Problem.code\`); each operation lists the codes it can answer, per status. A path the API does not have answers 404 \`noRoute\`; a path it has, asked with another method, 405 \`methodNotAllowed\` with \`Allow\`.
- **Privileges**: what each user type may do on each screen is the privilege matrix (\`/api/v1/privileges/matrix\`); each operation says what it needs.
- **Sending again**: registering a complaint and uploading a file take an \`Idempotency-Key\` header (16 to 128 letters, digits, \`-\`, \`_\`): the same request under the same key within 24 hours, per user, writes nothing and is answered with the first answer (marked \`Idempotent-Replayed: true\`); another request under a used key is refused (422 \`idempotencyKeyReused\`). A refused write keeps no key.`;

function factsOf(route: RouteOptions): RouteFacts {
  const schema = (route.schema ?? {}) as { security?: unknown[]; params?: unknown; querystring?: unknown; produces?: string[] };
  const hooks = [route.onRequest].flat() as ({ [GUARD]?: Guard } | undefined)[];
  const methods = [route.method].flat();
  return {
    secured: Boolean(schema.security?.length),
    guard: hooks.find((hook) => hook?.[GUARD])?.[GUARD],
    readsBody: methods.some((method) => method !== 'GET' && method !== 'HEAD'),
    hasParams: Boolean(schema.params),
    hasQuery: Boolean(schema.querystring),
    // A CSV export is written in the time zone it is given.
    problems: [
      ...(route.config?.problems ?? []),
      ...(schema.produces?.some((type) => type.startsWith('text/csv')) ? [problems.timeZoneUnknown] : []),
    ],
    extras: route.config?.openapi,
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Markdown's `code` and **strong** as HTML. */
const inline = (text: string) =>
  escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');

/** Markdown's `code` and **strong**, its paragraphs and list lines, as HTML (the descriptions use nothing else). */
const markdown = (text: string) =>
  inline(text)
    .split('\n\n')
    .map((block) =>
      block.startsWith('- ') || block.includes('\n- ')
        ? block.replace(/^(.*?)\n?- /s, (_, head) => `${head ? `<p>${head}</p>` : ''}<ul><li>`).replace(/\n- /g, '</li><li>') + '</li></ul>'
        : `<p>${block}</p>`,
    )
    .join('');

/** A plain, readable reference rendered from the OpenAPI document, grouped by tag: no script, no assets. */
function renderDocs(doc: Document) {
  const groups = (doc.tags ?? []).map(({ name, description }) => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.flatMap((method) => {
        const op = item[method];
        if (!op?.tags?.includes(name)) return [];
        const params = (op.parameters ?? [])
          .map(
            (p) =>
              `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ', required' : ''}) ${escapeHtml(p.description ?? '')}</li>`,
          )
          .join('');
        const responses = Object.entries(op.responses)
          .map(([code, r]) => {
            const shared = (r as { $ref?: string }).$ref?.split('/').pop();
            const { description = '' } = shared ? (doc.components.responses?.[shared] ?? {}) : r;
            return `<li><code>${code}</code> ${inline(description)}</li>`;
          })
          .join('');
        return [
          `<section id="${escapeHtml(op.operationId ?? '')}"><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> <small>${escapeHtml(op.operationId ?? '')}</small></h3>` +
            `<p><strong>${escapeHtml(op.summary ?? '')}</strong></p>${markdown(op.description ?? '')}` +
            (params ? `<h4>Parameters</h4><ul>${params}</ul>` : '') +
            (op.requestBody ? `<h4>Body</h4><p>${Object.keys(op.requestBody.content).join(', ')}</p>` : '') +
            `<h4>Responses</h4><ul>${responses}</ul></section>`,
        ];
      }),
    );
    return `<h2 id="tag-${escapeHtml(name)}">${escapeHtml(name)}</h2><p>${escapeHtml(description)}</p>${operations.join('\n')}`;
  });
  const contents = (doc.tags ?? []).map(({ name }) => `<li><a href="#tag-${escapeHtml(name)}">${escapeHtml(name)}</a></li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(doc.info.title)} API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#222}
section{border:1px solid #ddd;border-radius:8px;padding:.5rem 1rem;margin:1rem 0}h2{margin-top:2.5rem}h3{font-size:1.05rem}h4{font-size:.9rem;margin:.5rem 0 0}
.m{display:inline-block;min-width:4.5em;border-radius:4px;color:#fff;text-align:center;font-size:.8rem;padding:2px 6px}
.get{background:#1864ab}.post{background:#2b8a3e}.delete{background:#c92a2a}.patch,.put{background:#a61e4d}small{color:#555}code{overflow-wrap:anywhere}</style></head>
<body><h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1>
${markdown(doc.info.description ?? '')}<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<nav aria-label="Groups"><ul>${contents}</ul></nav>
${groups.join('\n')}</body></html>`;
}

/** The contract's zod schemas, published as OpenAPI 3.1 and as a readable page. */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  nameApiSchemas();
  const facts = new Map<string, RouteFacts>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.schema?.hide) return;
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    for (const method of [route.method].flat()) facts.set(`${method} ${path}`, factsOf(route));
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Complaint Desk',
        version: API_VERSION,
        description: DESCRIPTION,
        license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
      },
      security: [{ bearer: [] }],
      tags: TAGS.map(({ name, description }) => ({ name, description })),
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'opaque',
            description:
              'An opaque token that `POST /api/v1/auth/sign-in` (or the second-factor answer) issues; it ends at sign-out, after its time, or when the account is disabled.',
          },
        },
      },
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
    transformObject: createJsonSchemaTransformObject({}),
  });
  let finished: Document | undefined;
  /** The finished document, made once all routes are known; its server and contact are the asker's origin. */
  const documented = (request: FastifyRequest): Document => {
    finished ??= finishDocument(withValidationProblem(app.swagger() as unknown as Document), (method, path) =>
      facts.get(`${method} ${path}`),
    );
    const origin = `${request.protocol}://${request.host}`;
    return {
      ...finished,
      info: { ...finished.info, contact: { name: 'The administrators of this Complaint Desk', url: origin } },
      servers: [{ url: origin, description: 'This server' }],
    };
  };
  app.get('/api/openapi.json', { schema: { hide: true } }, async (request) => documented(request));
  app.get('/api/docs', { schema: { hide: true } }, async (request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderDocs(documented(request))),
  );
});

/** A problem that names each field's fault: what 400s of validation answer. */
function withValidationProblem(doc: Document): Document {
  const schemas = { ...doc.components.schemas };
  schemas.ValidationProblem = {
    description: 'A refusal of bad input: `errors` names each field’s fault (`_` for the whole)',
    allOf: [
      { $ref: '#/components/schemas/Problem' },
      { type: 'object', required: ['errors'], properties: { type: { type: 'string', const: problemTypes.validation } } },
    ],
  };
  return { ...doc, components: { ...doc.components, schemas } };
}
