import type { z } from 'zod';
import { apiPaths, problemSchema, signInResponseSchema, type ProblemType } from '@contract';
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

export interface MultipartPart {
  name: string;
  bytes: Uint8Array;
  filename?: string;
  contentType?: string;
}

/**
 * A multipart/form-data POST as a browser sends it. Built by hand: under jsdom, FormData
 * and File are jsdom's, and Node's fetch does not know how to send them.
 */
export function postMultipart(path: string, token: string, parts: MultipartPart[]) {
  const boundary = `mock-test-${Date.now().toString(36)}`;
  const encoder = new TextEncoder();
  const chunks = parts.flatMap(({ name, bytes, filename, contentType }) => [
    encoder.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"` +
        (filename === undefined ? '' : `; filename="${filename}"`) +
        (contentType === undefined ? '' : `\r\nContent-Type: ${contentType}`) +
        '\r\n\r\n',
    ),
    bytes,
    encoder.encode('\r\n'),
  ]);
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return fetch(`${API_BASE}${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
    },
    body,
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

/** A problem document with this status and, for account and file calls, this `type`. */
export async function readProblem(
  response: Response,
  status: number,
  type: ProblemType | 'about:blank' = 'about:blank',
) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  const body = problemSchema.parse(await response.json());
  expect(body).toMatchObject({ type, status });
  return body;
}

export async function signIn(email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await call(apiPaths.signIn, { method: 'POST', body: { email, password } });
  return (await readAs(signInResponseSchema, response)).data.token;
}

/** The character codes of ASCII text, for building file signatures. */
export const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

/** A PNG signature and the start of its first chunk: enough for a content sniffer. */
export const PNG_BYTES = Uint8Array.of(0x89, ...ascii('PNG\r\n\x1a\n\0\0\0\rIHDR'));

/** `POST files` with one part `file`, as the profile page sends an avatar. */
export function uploadFile(
  token: string,
  bytes: Uint8Array,
  filename = 'avatar.png',
  contentType = 'image/png',
) {
  return postMultipart(apiPaths.files, token, [{ name: 'file', bytes, filename, contentType }]);
}
