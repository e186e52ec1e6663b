import { HttpResponse } from 'msw';
import type { Problem, ProblemType } from '@contract';

/** What a problem may carry beyond its title (contract/envelope.ts `problemSchema`). */
export interface ProblemDetails {
  detail?: string;
  errors?: Record<string, string[]>;
  retryAfter?: number;
  attemptsLeft?: number;
  /** e.g. `Retry-After` on a 429. */
  headers?: Record<string, string>;
}

/**
 * An RFC 9457 problem response, as the real API sends it (PRODUCT.md, API conventions).
 * Account and file calls give a `type` so the SPA never reads titles (docs/account-rules.md).
 */
export function typedProblem(
  status: number,
  type: ProblemType | 'about:blank',
  title: string,
  { headers, detail, errors, retryAfter, attemptsLeft }: ProblemDetails = {},
): Response {
  // JSON leaves out the members that are undefined.
  const body: Problem = { type, title, status, detail, errors, retryAfter, attemptsLeft };
  return HttpResponse.json(body, {
    status,
    headers: { ...headers, 'Content-Type': 'application/problem+json' },
  });
}

export function problem(
  status: number,
  title: string,
  detail?: string,
  errors?: Record<string, string[]>,
): Response {
  return typedProblem(status, 'about:blank', title, { detail, errors });
}
