/** RFC 9457 problem details; thrown anywhere, answered by the error handler. */
export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: Record<string, string[]>,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail ?? title);
  }
}

export const notFound = (what = 'Resource') => new Problem(404, 'Not found', `${what} not found.`);
export const forbidden = (detail = 'Your privileges do not allow this.') =>
  new Problem(403, 'Forbidden', detail);
export const unauthorized = (detail = 'Sign in first.') => new Problem(401, 'Unauthorized', detail);
