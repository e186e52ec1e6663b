import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import type { z } from 'zod';
import type { Problem } from '@contract';
import { attachmentDisposition, CSV_CONTENT_TYPE, ProblemError, problems } from '@domain';

// How a mock handler speaks HTTP, as the server's plugins do: latency, problem documents,
// zod validation of body, query and params, and answers read through the contract.

let latencyMs = 0;

/** The browser slows answers down so loading states are visible; tests keep it at zero. */
export function setMockLatency(ms: number): void {
  latencyMs = ms;
}

/** An RFC 9457 answer (tests also use it to answer with a problem of their choosing). */
export function problemResponse(problem: Problem, headers: Record<string, string> = {}): Response {
  return HttpResponse.json(problem, {
    status: problem.status,
    headers: { ...headers, 'Content-Type': 'application/problem+json' },
  });
}

type Params = Record<string, string | readonly string[] | undefined>;
type Resolver = (info: { request: Request; params: Params }) => Response | Promise<Response>;

/** A handler for a contract path; a `ProblemError` thrown anywhere in it is its answer. */
export function route(method: 'get' | 'post' | 'patch' | 'put' | 'delete', path: string, resolve: Resolver) {
  return http[method](`*/${path}`, async ({ request, params }) => {
    if (latencyMs > 0) await delay(latencyMs);
    try {
      return await resolve({ request, params });
    } catch (error) {
      if (error instanceof ProblemError) return answerProblem(error);
      throw error;
    }
  });
}

/** As the server words a schema failure: per field, `_` for the whole. */
function parse<T extends z.ZodType>(schema: T, input: unknown, part: string): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
  throw problems.validation(part, errors);
}

export async function readBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  const text = await request.text();
  let body: unknown;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    throw problems.badJson();
  }
  return parse(schema, body, 'body');
}

export const readQuery = <T extends z.ZodType>(request: Request, schema: T): z.output<T> =>
  parse(schema, Object.fromEntries(new URL(request.url).searchParams), 'querystring');

export const readParams = <T extends z.ZodType>(params: Params, schema: T): z.output<T> => parse(schema, params, 'params');

/** Answers with the body as the contract reads it: what only the mocks know is stripped. */
export function respond<T extends z.ZodType>(schema: T, body: z.input<T>, status = 200): Response {
  return HttpResponse.json(schema.parse(body) as JsonBodyType, { status });
}

export const noContent = (status = 204) => new HttpResponse(null, { status });

/** The answer a back end gives for this catalogue problem. */
export const answerProblem = (error: ProblemError) => problemResponse(error.problem, error.headers);

/** A PDF download, as the server streams it. */
export const pdfResponse = (fileName: string, pdf: Uint8Array) =>
  new HttpResponse(pdf as Uint8Array<ArrayBuffer>, {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': attachmentDisposition(fileName), 'Cache-Control': 'no-store' },
  });

/** A CSV export, as the server streams it. */
export const csvResponse = (fileName: string, csv: string) =>
  new HttpResponse(csv, { headers: { 'Content-Type': CSV_CONTENT_TYPE, 'Content-Disposition': attachmentDisposition(fileName) } });
