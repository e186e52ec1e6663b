import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ProblemError, problems } from '../../domain/problems';

const PROBLEM_TYPE = 'application/problem+json';

/** Field errors keyed by the offending path, e.g. `{ email: ['Invalid email address'] }`. */
function fieldErrors(error: FastifyError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.validation ?? []) {
    const path = (issue.instancePath || '').replace(/^\//, '').replace(/\//g, '.') || '_';
    (errors[path] ??= []).push(issue.message ?? 'Invalid value');
  }
  return errors;
}

function answer(reply: FastifyReply, { problem, headers }: ProblemError) {
  // Refused for its size while it is still arriving: the rest is not worth reading.
  if (problem.status === 413 && reply.request.raw.complete === false) closeLingering(reply);
  return reply.code(problem.status).headers(headers).type(PROBLEM_TYPE).send(problem);
}

/**
 * How long, and how much more, a refused sender is read after its answer. The sockets' buffers
 * alone may hold tens of MB on their way (Linux grows a receive buffer up to 32 MB,
 * `net.ipv4.tcp_rmem`), all sent before the client could read a word of the answer; a client
 * that has read it stops sending within a round trip. One still sending after this is cut off.
 */
const LINGER = { ms: 5_000, bytes: 64 * 1024 * 1024 };

/**
 * Answers with `Connection: close` and closes as web servers close on a sender still sending
 * (a lingering close): this side's end once the answer is out, then what still arrives is read
 * and dropped until the sender closes too, within LINGER. Node's own close of such an answer
 * (`destroySoon`) destroys the socket with the sender's bytes unread; the kernel answers those
 * with a reset, which discards the answer on its way, so the client sees EPIPE or ECONNRESET.
 */
function closeLingering(reply: FastifyReply) {
  const { raw } = reply.request;
  const { socket } = raw;
  reply.header('connection', 'close');
  // Parsing stops; what arrives from now on is counted and dropped.
  raw.unpipe();
  raw.removeAllListeners('data');
  let more = 0;
  raw.on('data', (chunk: Buffer) => {
    more += chunk.length;
    if (more > LINGER.bytes) socket.destroy();
  });
  raw.resume();
  // Node's server calls this once a `Connection: close` answer is written.
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER.ms);
    socket.once('close', () => clearTimeout(timer));
  };
}

/** One error policy: every failure is a problem document of the catalogue; a 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A stream that failed before its first byte left its body's headers: the problem is neither compressed nor a download.
    reply.removeHeader('content-encoding').removeHeader('content-disposition');
    if (error instanceof ProblemError) return answer(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      return answer(reply, problems.validation(error.validationContext ?? 'request', fieldErrors(error)));
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply
        .code(500)
        .type(PROBLEM_TYPE)
        .send({ type: 'about:blank', title: 'Internal server error', status: 500, detail: 'Something went wrong on our side.' });
    }
    // Fastify's own refusals of a request as sent, through the same catalogue.
    return answer(reply, frameworkProblem(error, request));
  });
}

/** The catalogue's word for a refusal Fastify makes before any route runs. */
function frameworkProblem(error: FastifyError, request: FastifyRequest): ProblemError {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return problems.badJson();
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return problems.bodyTooLarge(request.routeOptions.bodyLimit ?? BODY_LIMIT);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return problems.unsupportedMediaType(request.headers['content-type'] ?? '');
    default:
      return problems.badRequest(error.message);
  }
}

/** The largest JSON body any call takes. */
export const BODY_LIMIT = 1024 * 1024;
/** The longest value a path takes (Fastify's `maxParamLength`, its default). */
export const MAX_PARAM_LENGTH = 100;

/** Refusals Fastify makes while routing (`frameworkErrors`): a broken escape, a value too long. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  return answer(reply, error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? problems.uriTooLong(MAX_PARAM_LENGTH) : problems.badUrl());
}

/**
 * A route that does not exist, as a problem document: 405 with `Allow` when the path is one
 * the API has under other methods, 404 otherwise.
 */
export function problemNotFound(app: FastifyInstance) {
  const routes: { method: string; pattern: RegExp }[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const pattern = new RegExp(`^${route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`);
    for (const method of [route.method].flat()) routes.push({ method, pattern });
  });
  return (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!;
    const allowed = [...new Set(routes.filter((route) => route.pattern.test(path)).map((route) => route.method))];
    return answer(
      reply,
      allowed.length ? problems.methodNotAllowed(request.method, path, allowed) : problems.noRoute(request.method, path),
    );
  };
}
