import { HttpResponse, type JsonBodyType } from 'msw';
import { z } from 'zod';
import { problemTypes } from '@contract';
import { typedProblem } from './problem';

/** Field name → messages, so a form can show each message beside its field. */
function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/** The 400 answer for bad input, with messages per field. */
export function invalidFields(
  errors: Record<string, string[]>,
  detail = 'One or more fields are invalid.',
): Response {
  return typedProblem(400, problemTypes.validation, 'Invalid request', { detail, errors });
}

function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalidFields(fieldErrors(result.error));
  return result.data;
}

export async function readJsonBody<T extends z.ZodType>(
  request: Request,
  schema: T,
): Promise<z.output<T>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw invalidFields({ body: ['The body is not valid JSON.'] }, 'The body is not valid JSON.');
  }
  return parseOrThrow(schema, body);
}

export function readQuery<T extends z.ZodType>(request: Request, schema: T): z.output<T> {
  return parseOrThrow(schema, Object.fromEntries(new URL(request.url).searchParams));
}

const idSchema = z.object({ id: z.coerce.number().int().min(1) });

export function readId(params: Record<string, string | readonly string[] | undefined>): number {
  return parseOrThrow(idSchema, params).id;
}

/**
 * Answers with the body as the contract's schema reads it. Parsing strips what only the
 * mocks know (organisation, recipient, password) and fails loudly if a handler drifts.
 */
export function respond<T extends z.ZodType>(schema: T, body: z.input<T>, status = 200): Response {
  return HttpResponse.json(schema.parse(body) as JsonBodyType, { status });
}
