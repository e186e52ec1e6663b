import { problemTypes, type ProblemType } from '../../contract/account-rules';

/** Extension members a problem may carry (contract/envelope.ts `problemSchema`). */
export interface ProblemExtensions {
  retryAfter?: number;
  attemptsLeft?: number;
}

/** RFC 9457 problem details; thrown anywhere, answered by the error handler. */
export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: Record<string, string[]>,
    readonly headers: Record<string, string> = {},
    readonly type: ProblemType | 'about:blank' = 'about:blank',
    readonly extensions: ProblemExtensions = {},
  ) {
    super(detail ?? title);
  }
}

/** A problem a client tells apart by its `type` (docs/account-rules.md). */
export function typedProblem(
  status: number,
  type: ProblemType,
  title: string,
  detail?: string,
  more: { errors?: Record<string, string[]>; headers?: Record<string, string>; extensions?: ProblemExtensions } = {},
) {
  return new Problem(status, title, detail, more.errors, more.headers, type, more.extensions);
}

/** 400 for one field, worded for the person who typed it. */
export function invalidField(field: string, message: string, type: ProblemType = problemTypes.validation) {
  return typedProblem(400, type, 'Invalid request', message, { errors: { [field]: [message] } });
}

export const notFound = (what = 'Resource') => new Problem(404, 'Not found', `${what} not found.`);
export const forbidden = (detail = 'Your privileges do not allow this.') =>
  new Problem(403, 'Forbidden', detail);
export const unauthorized = (detail = 'Sign in first.') => new Problem(401, 'Unauthorized', detail);
