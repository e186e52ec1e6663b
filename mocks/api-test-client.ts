import type { z } from 'zod';
import { apiPaths, problemSchema, signInResponseSchema } from '@contract';
import { DEMO_PASSWORD } from '@fixtures';

// What the handler tests share: calls as the SPA makes them, and checks of what comes back.

const API_BASE = 'http://localhost:3000/';

export function call(path: string, init: { token?: string; method?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  return fetch(`${API_BASE}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** The body, checked against the contract: nothing missing, nothing extra (no internal ids). */
export async function readAs<T extends z.ZodType>(
  schema: T,
  response: Response,
): Promise<z.output<T>> {
  expect(response.ok).toBe(true);
  const json: unknown = await response.json();
  const parsed = schema.parse(json);
  expect(json).toEqual(parsed);
  return parsed;
}

export async function readProblem(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  const body = problemSchema.parse(await response.json());
  expect(body).toMatchObject({ type: 'about:blank', status });
  return body;
}

export async function signIn(email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await call(apiPaths.signIn, { method: 'POST', body: { email, password } });
  return (await readAs(signInResponseSchema, response)).data.token;
}
