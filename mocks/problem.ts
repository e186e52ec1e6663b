import { HttpResponse } from 'msw';
import type { Problem } from '@contract';

/** An RFC 9457 problem response, as the real API sends it (PRODUCT.md, API conventions). */
export function problem(
  status: number,
  title: string,
  detail?: string,
  errors?: Record<string, string[]>,
): Response {
  const body: Problem = { type: 'about:blank', title, status };
  if (detail !== undefined) body.detail = detail;
  if (errors !== undefined) body.errors = errors;
  return HttpResponse.json(body, {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });
}
