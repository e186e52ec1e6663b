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
  return reply.code(problem.status).headers(headers).type(PROBLEM_TYPE).send(problem);
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
    if (status === 500) request.log.error({ err: error }, 'unhandled error');
    // Fastify's own refusals (a body that is not JSON, too large, of a type no parser takes) keep its words.
    return reply
      .code(status)
      .type(PROBLEM_TYPE)
      .send({
        type: 'about:blank',
        title: status === 500 ? 'Internal server error' : error.message,
        status,
        ...(status === 500 ? { detail: 'Something went wrong on our side.' } : {}),
      });
  });
}

/** A route that does not exist, as a problem document. */
export function problemNotFound(request: FastifyRequest, reply: FastifyReply) {
  return answer(reply, problems.noRoute(request.method, request.url.split('?')[0]!));
}
