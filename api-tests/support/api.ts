import { afterAll, beforeAll, expect, inject } from 'vitest';
import { problemSchema, type Problem } from '../../contract/envelope';
import type { ApiDriver, ApiResponse } from './client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Which back end the API suite runs against (set per Vitest project). */
    apiTarget: 'server' | 'mock';
  }
}

/**
 * The back end of this test file: a fresh demo data set for the file, started before its
 * first test and closed after its last. Call `api.reset()` where a test must start clean.
 */
export function connectApi(): ApiDriver {
  let driver: ApiDriver | undefined;
  beforeAll(async () => {
    driver =
      inject('apiTarget') === 'server'
        ? await (await import('./server-driver')).startServerDriver()
        : await (await import('./mock-driver')).startMockDriver();
  });
  afterAll(async () => {
    await driver?.close();
  });
  const current = () => {
    if (!driver) throw new Error('the API driver is not started: call connectApi() at the top of the file');
    return driver;
  };
  return {
    get target() {
      return current().target;
    },
    call: (...args) => current().call(...args),
    signIn: (...args) => current().signIn(...args),
    signInEmail: (...args) => current().signInEmail(...args),
    outbox: (...args) => current().outbox(...args),
    ageAccountCodes: (...args) => current().ageAccountCodes(...args),
    addArchiveComplaints: (count) => current().addArchiveComplaints(count),
    routes: () => current().routes(),
    reset: () => current().reset(),
    close: () => current().close(),
  };
}

/** The body of a successful answer, checked against the contract: nothing missing, nothing extra. */
export function readAs<T extends { parse: (v: unknown) => unknown }>(schema: T, res: ApiResponse): ReturnType<T['parse']> {
  expect(res.status, res.text).toBeLessThan(300);
  const parsed = schema.parse(res.json);
  expect(res.json).toEqual(parsed);
  return parsed as ReturnType<T['parse']>;
}

/** An RFC 9457 problem with this status (and `type`, when given), and no data beside it. */
export function expectProblem(res: ApiResponse, status: number, type?: string): Problem {
  expect(res.status, res.text).toBe(status);
  expect(res.headers['content-type']).toContain('application/problem+json');
  const problem = problemSchema.parse(res.json);
  expect(problem.status).toBe(status);
  if (type !== undefined) expect(problem.type).toBe(type);
  expect(res.json).not.toHaveProperty('data');
  return problem;
}
