import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { shouldRetryQuery } from './query-client';

const httpError = (status: number) => new HTTPError(new Response(null, { status }), new Request('http://localhost/x'), {} as never);

describe('shouldRetryQuery', () => {
  it('never retries a client error', () => {
    expect(shouldRetryQuery(0, httpError(400))).toBe(false);
    expect(shouldRetryQuery(0, httpError(401))).toBe(false);
    expect(shouldRetryQuery(0, httpError(404))).toBe(false);
  });

  it('retries server and network failures twice', () => {
    expect(shouldRetryQuery(0, httpError(503))).toBe(true);
    expect(shouldRetryQuery(1, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetryQuery(2, httpError(500))).toBe(false);
  });
});
