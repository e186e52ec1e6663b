import { menuItemKey, menuItems } from '../../contract/menu-items';
import type { Guard } from '../../domain/access';
import { type ProblemError, problems, type ProblemName } from '../../domain/problems';
import { PARAMETER_TEXT, STATUS_TEXT, TAGS, tagOf } from './words';

/* The OpenAPI document @fastify/swagger makes from the routes' zod schemas, finished: names, groups, refusals, binary bodies. */

type Json = Record<string, unknown>;
export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Json;
}
export interface Response {
  description?: string;
  content?: Record<string, { schema?: Json; examples?: Record<string, { $ref: string }> }>;
  headers?: Record<string, { description: string; schema: Json }>;
}
export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: Json }> };
  responses: Record<string, Response>;
}
export const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
export interface Document {
  openapi: string;
  info: Json & { title: string; version: string; description?: string };
  servers?: { url: string; description?: string }[];
  security?: Record<string, string[]>[];
  tags?: { name: string; description: string }[];
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  components: {
    schemas?: Record<string, Json>;
    responses?: Record<string, Response>;
    securitySchemes?: Json;
    examples?: Record<string, { summary: string; value: unknown }>;
  };
}

/** A catalogue entry as a route names it (domain/problems.ts). */
export interface ProblemEntry {
  readonly status: number;
  readonly code: string;
}

/** What the document learns of a route from its options rather than its schemas. */
export interface RouteFacts {
  /** A bearer session is needed. */
  secured: boolean;
  /** The privilege its onRequest guard asks for. */
  guard?: Guard;
  /** It takes a body (any method but GET and HEAD: Fastify reads one whatever the schema). */
  readsBody: boolean;
  hasParams: boolean;
  hasQuery: boolean;
  /** Catalogue entries it answers beyond those its shape implies. */
  problems: readonly ProblemEntry[];
  /** OpenAPI the schemas cannot say (a multipart body, an image answer), merged in. */
  extras?: Partial<Operation>;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The catalogue entries a route can answer, by status: its own and those its shape implies. */
export function problemsOf(facts: RouteFacts): Map<number, Set<string>> {
  const implied: ProblemEntry[] = [...facts.problems];
  if (facts.readsBody)
    implied.push(problems.badJson, problems.badRequest, problems.bodyTooLarge, problems.unsupportedMediaType, problems.validation);
  if (facts.hasQuery) implied.push(problems.validation);
  if (facts.hasParams) implied.push(problems.validation, problems.badUrl, problems.uriTooLong, problems.notFound);
  if (facts.secured) implied.push(problems.unauthorized);
  if (facts.guard) implied.push(problems.forbidden);
  // A privilege checked is a privilege a session may hold only after its second factor (issue 45).
  if (implied.includes(problems.forbidden)) implied.push(problems.secondFactorRequired);
  const byStatus = new Map<number, Set<string>>();
  for (const { status, code } of implied) {
    if (!byStatus.has(status)) byStatus.set(status, new Set());
    byStatus.get(status)!.add(code);
  }
  return byStatus;
}

/** Arguments that make an example of the entries that need some. */
const EXAMPLE_ARGS: Partial<Record<ProblemName, unknown[]>> = {
  validation: ['body', { email: ['Invalid email address'] }],
  throttled: [900],
  noRoute: ['GET', '/api/v1/nothing'],
  methodNotAllowed: ['PUT', '/api/v1/complaints', ['GET', 'HEAD', 'POST']],
  uriTooLong: [100],
  bodyTooLarge: [1024 * 1024],
  unsupportedMediaType: ['text/plain'],
  badRequest: ['Request body size did not match Content-Length'],
  codeInvalid: [3],
  complaintNotEditable: ['changed'],
  justifyDeadlinePassed: ['2026-11-20T16:00:00.000Z'],
  complaintMovedMeanwhile: ['decided'],
  contractNotRunning: ['CT-2026-001', '2026-01-01', '2026-12-31'],
  savedViewsFull: [20],
  valueTaken: ['zone', ['name']],
  choiceNotActive: ['zoneId', 'zone'],
  inUse: ['zone', '3 personas use'],
  claimNothing: ['CT-2026-001', '2026-10'],
  claimExists: ['CT-2026-001', '2026-10'],
  claimNoFormula: ['CT-2026-001'],
  claimFormulaFailed: ['CMP-2026-000001', 'rate is not set'],
  claimNotDraft: ['issued'],
  claimNotIssued: ['draft'],
  claimPaidBeforeIssue: ['2026-11-02'],
  mailNotFailed: ['sent'],
  formulaInvalid: ['Unknown name: rat', 0],
  fileMissing: ['notMultipart'],
  uploadQuotaFull: [50, 24],
  rangeNotSatisfiable: [1024],
  linkExpired: [24],
  actionNotSupported: ['manage-user/zone', 'verify'],
  invalidField: ['email', 'Invalid email address'],
};

/** One example of a catalogue entry's problem document, when it can be made. */
function exampleOf(code: string) {
  const made = problems[code as ProblemName] as unknown as ((...args: unknown[]) => ProblemError) | undefined;
  const args = EXAMPLE_ARGS[code as ProblemName];
  if (!made || (!args && made.length > 0)) return undefined;
  const { problem } = made(...(args ?? []));
  return { summary: problem.title, value: problem };
}

/** The refusals of a status: a Problem (or ValidationProblem) whose `code` is one of these. */
function problemResponse(status: number, codes: ReadonlySet<string>): Response {
  const list = [...codes].sort();
  const allValidation = list.every((code) => problems[code as ProblemName]?.type === problems.validation.type);
  const examples = Object.fromEntries(
    list.filter((code) => exampleOf(code)).map((code) => [code, { $ref: `#/components/examples/${code}` }]),
  );
  const response: Response = {
    description: STATUS_TEXT[status] ?? 'Refused',
    content: {
      'application/problem+json': {
        schema: {
          allOf: [
            ref(allValidation ? 'ValidationProblem' : 'Problem'),
            { type: 'object', required: ['code'], properties: { code: { type: 'string', enum: list } } },
          ],
        },
        ...(Object.keys(examples).length ? { examples } : {}),
      },
    },
  };
  if (status === 429)
    response.headers = {
      'Retry-After': { description: 'Seconds until the next try is accepted', schema: { type: 'integer', minimum: 0 } },
    };
  if (status === 416) response.headers = { 'Content-Range': { description: '`bytes */` and the file’s size', schema: { type: 'string' } } };
  return response;
}

const itemName = (key: string) => Object.values(menuItems).find((item) => menuItemKey(item) === key)?.name ?? key;

/** Who may call an operation, in words. */
function whoMayCall(facts: RouteFacts, statuses: ReadonlySet<number>): string {
  if (!facts.secured) return '**Who may call it:** anyone; no session is needed.';
  if (facts.guard) {
    const items = facts.guard.itemKeys.map((key) => `“${itemName(key)}”`).join(' or ');
    return `**Who may call it:** a signed-in user whose user type the privilege matrix allows \`${facts.guard.action}\` on ${items}.`;
  }
  return statuses.has(403)
    ? '**Who may call it:** any signed-in user; the privilege matrix, or whose record it is, decides the rest (403).'
    : '**Who may call it:** any signed-in user, for their own records.';
}

function refusalsText(byStatus: ReadonlyMap<number, ReadonlySet<string>>): string {
  const lines = [...byStatus]
    .sort(([a], [b]) => a - b)
    .map(
      ([status, codes]) =>
        `- ${status}: ${[...codes]
          .sort()
          .map((code) => `\`${code}\``)
          .join(', ')}`,
    );
  return `**Refuses:**\n${lines.join('\n')}`;
}

/** Every `$ref` a part of the document makes, by component name. */
function refsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/'))
        found.add(child.slice('#/components/schemas/'.length));
      else refsIn(child, found);
    }
  }
  return found;
}

/** Replaces every `$ref` to a component by another name. */
function renameRefs(value: unknown, names: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => renameRefs(item, names));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => {
      if (key === '$ref' && typeof child === 'string') {
        const name = child.slice('#/components/schemas/'.length);
        return [key, names.has(name) ? `#/components/schemas/${names.get(name)}` : child];
      }
      return [key, renameRefs(child, names)];
    }),
  );
}

/**
 * The components the paths use, and those they use in turn; a schema only a request uses
 * keeps its own name (`NewComplaint`, not `NewComplaintInput`).
 */
function keepUsedSchemas(doc: Document) {
  const all = doc.components.schemas ?? {};
  const used = new Set<string>();
  const visit = (names: Set<string>) => {
    for (const name of names) {
      if (used.has(name) || !all[name]) continue;
      used.add(name);
      visit(refsIn(all[name]));
    }
  };
  visit(refsIn([doc.paths, doc.components.responses]));
  const renames = new Map<string, string>();
  for (const name of used) if (name.endsWith('Input') && !used.has(name.slice(0, -'Input'.length))) renames.set(name, name.slice(0, -5));
  const kept = Object.fromEntries([...used].sort().map((name) => [renames.get(name) ?? name, renameRefs(all[name], renames) as Json]));
  doc.paths = renameRefs(doc.paths, renames) as Document['paths'];
  doc.components.responses = renameRefs(doc.components.responses, renames) as Document['components']['responses'];
  doc.components.schemas = kept;
}

/** An answer's description: its own, its named schema’s, or what its status means. */
function answerDescription(where: string, status: string, response: Response, schemas: Record<string, Json>): string {
  if (response.description && response.description !== 'Default Response') return response.description;
  const schema = Object.values(response.content ?? {})[0]?.schema;
  const named = typeof schema?.$ref === 'string' ? schemas[schema.$ref.slice('#/components/schemas/'.length)] : undefined;
  if (typeof named?.description === 'string') return named.description;
  if (status === '204') return 'Done; no content';
  if (status === '202') return 'Accepted; no content';
  throw new Error(`${where} answers ${status} without a description: name its schema (server/openapi/named-schemas.ts) or describe it`);
}

/** Finishes the document @fastify/swagger made, given each route's facts by `METHOD path`. */
export function finishDocument(raw: Document, factsOf: (method: string, path: string) => RouteFacts | undefined): Document {
  const doc = structuredClone(raw);
  const schemas = doc.components.schemas ?? {};
  const shared: Record<string, Response> = {};
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const facts = factsOf(method.toUpperCase(), path);
      if (!facts) throw new Error(`No facts recorded for ${method} ${path}`);
      op.tags = [tagOf(path)];
      if (!facts.secured) op.security = [];
      for (const parameter of op.parameters ?? []) {
        parameter.description ??=
          PARAMETER_TEXT[`${path.split('/').slice(3, -1).join('/')} ${parameter.name}`] ?? PARAMETER_TEXT[parameter.name];
        if (!parameter.description)
          throw new Error(`Parameter ${parameter.name} of ${method} ${path} has no description (server/openapi/words.ts)`);
      }
      if (facts.extras) {
        const { responses, parameters, ...rest } = facts.extras;
        Object.assign(op, rest);
        if (parameters) op.parameters = [...(op.parameters ?? []), ...parameters];
        for (const [status, response] of Object.entries(responses ?? {})) op.responses[status] = { ...op.responses[status], ...response };
      }
      for (const [status, response] of Object.entries(op.responses))
        response.description = answerDescription(`${method} ${path}`, status, response, schemas);
      const byStatus = problemsOf(facts);
      for (const [status, codes] of byStatus) {
        // A refusal of one code is the same wherever it is answered: written once, referred to.
        const [only, ...others] = codes;
        if (only && others.length === 0) {
          const name = only[0]!.toUpperCase() + only.slice(1);
          shared[name] ??= problemResponse(status, codes);
          op.responses[String(status)] = { $ref: `#/components/responses/${name}` } as Response;
        } else op.responses[String(status)] = problemResponse(status, codes);
      }
      op.description = [op.description ?? op.summary, whoMayCall(facts, new Set(byStatus.keys())), refusalsText(byStatus)].join('\n\n');
    }
  }
  const used = new Set(Object.values(doc.paths).flatMap((item) => METHODS.flatMap((method) => item[method]?.tags ?? [])));
  doc.tags = TAGS.filter(({ name }) => used.has(name)).map(({ name, description }) => ({ name, description }));
  doc.components.responses = Object.fromEntries(Object.entries(shared).sort(([a], [b]) => a.localeCompare(b)));
  keepUsedSchemas(doc);
  const exampled = new Set(
    [
      ...Object.values(doc.paths).flatMap((item) => METHODS.flatMap((method) => Object.values(item[method]?.responses ?? {}))),
      ...Object.values(shared),
    ].flatMap((response) => Object.keys(response.content?.['application/problem+json']?.examples ?? {})),
  );
  doc.components.examples = Object.fromEntries([...exampled].sort().map((code) => [code, exampleOf(code)!]));
  return doc;
}
