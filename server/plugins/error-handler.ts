import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { problemTypes } from '../../contract/account-rules';
import { Problem } from '../http/problem';

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

/** One error policy: every failure is a problem document; a 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof Problem) {
      return reply
        .code(error.status)
        .headers(error.headers)
        .type(PROBLEM_TYPE)
        .send({ type: error.type, title: error.title, status: error.status, detail: error.detail, errors: error.errors, ...error.extensions });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).type(PROBLEM_TYPE).send({
        type: problemTypes.validation,
        title: 'Invalid request',
        status: 400,
        detail: `The ${error.validationContext ?? 'request'} does not match what this call takes.`,
        errors: fieldErrors(error),
      });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'unhandled error');
    return reply.code(status).type(PROBLEM_TYPE).send({
      type: 'about:blank',
      title: status === 500 ? 'Internal server error' : error.message,
      status,
      ...(status === 500 ? { detail: 'Something went wrong on our side.' } : {}),
    });
  });
}

/** A route that does not exist, as a problem document. */
export function problemNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).type(PROBLEM_TYPE).send({
    type: 'about:blank',
    title: 'Not found',
    status: 404,
    detail: `${request.method} ${request.url.split('?')[0]} does not exist.`,
  });
}
