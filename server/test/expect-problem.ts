import { expect } from 'vitest';
import { problemSchema, type Problem } from '../../contract/envelope';

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  json: () => unknown;
}

/** An RFC 9457 problem with this status, and no data beside it. */
export function expectProblem(res: Answer, status: number): Problem {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toContain('application/problem+json');
  const problem = problemSchema.parse(res.json());
  expect(problem.status).toBe(status);
  expect(res.json()).not.toHaveProperty('data');
  return problem;
}
