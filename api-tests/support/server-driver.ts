import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../../fixtures';
import { createTestApp } from '../../server/test/test-app';
import {
  emailOf,
  type ApiDriver,
  type ApiResponse,
  type FilePart,
  type Method,
  type OutboxMail,
  type RequestOptions,
  type Role,
} from './client';
import { multipartBody } from './multipart';
import { finishSignIn, Phones } from '../../fixtures/phones';
import { openApiTruth, type OpenApiDocument } from './openapi-truth';

/** The real server through `app.inject()`, on a clone of the seeded template database. */
export async function startServerDriver(): Promise<ApiDriver> {
  let t = await createTestApp({ testHooks: true });
  let tokens: Partial<Record<Role, string>> = {};
  const phones = new Phones();
  const truth = openApiTruth((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDocument);

  async function inject(
    method: Method,
    path: string,
    headers: Record<string, string>,
    payload?: string | Buffer | Uint8Array,
    from?: string,
  ): Promise<ApiResponse> {
    const res = await t.app.inject({
      method,
      url: `/${path}`,
      headers,
      ...(payload === undefined ? {} : { payload }),
      ...(from === undefined ? {} : { remoteAddress: from }),
    });
    let json: unknown = null;
    try {
      json = res.body ? JSON.parse(res.body) : null;
    } catch {
      // not JSON
    }
    const lower = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    const answer = { status: res.statusCode, headers: lower, json, text: res.body, bytes: new Uint8Array(res.rawPayload) };
    truth.check(method, path, answer);
    return answer;
  }

  const driver: ApiDriver = {
    target: 'server',
    async call(method, path, options: RequestOptions = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.as)
        headers.authorization = `Bearer ${typeof options.as === 'string' ? (tokens[options.as] ??= await driver.signIn(options.as)) : options.as.token}`;
      if (options.parts) {
        const body = multipartBody(options.parts as FilePart[]);
        headers['content-type'] = body.contentType;
        return inject(method, path, headers, Buffer.from(body.bytes), options.from);
      }
      const raw = options.rawBody;
      const payload =
        raw instanceof Uint8Array ? Buffer.from(raw) : (raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)));
      if (payload !== undefined || method !== 'GET') headers['content-type'] ??= 'application/json';
      return inject(method, path, headers, payload ?? (method === 'GET' ? undefined : ''), options.from);
    },
    async signIn(role, password = DEMO_PASSWORD) {
      return driver.signInEmail(emailOf(role), password);
    },
    async signInEmail(email, password = DEMO_PASSWORD) {
      const post = (path: string, body: unknown) => inject('POST', path, { 'content-type': 'application/json' }, JSON.stringify(body));
      return finishSignIn(email, await post('api/v1/auth/sign-in', { email, password }), phones, post);
    },
    async outbox(email) {
      const res = await inject('GET', `api/test/outbox?to=${encodeURIComponent(email)}`, {});
      return (res.json as { data: { items: OutboxMail[] } }).data.items;
    },
    async ageAccountCodes(email, minutes) {
      await inject('POST', 'api/test/age-account-codes', { 'content-type': 'application/json' }, JSON.stringify({ email, minutes }));
    },
    async addArchiveComplaints(count) {
      const res = await inject('POST', 'api/test/archive-complaints', { 'content-type': 'application/json' }, JSON.stringify({ count }));
      expect(res.status, res.text).toBe(204);
    },
    async routes() {
      const routes: string[] = [];
      const stack: string[] = [];
      for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
        const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
        if (!match) continue;
        stack.length = match[1]!.length / 4;
        stack.push(match[2]!);
        const path = stack.join('');
        for (const method of match[3]?.split(', ') ?? [])
          if (method !== 'HEAD' && path.startsWith('/api/v1/')) routes.push(`${method} ${path}`);
      }
      return routes;
    },
    async reset() {
      await t.close();
      t = await createTestApp({ testHooks: true });
      tokens = {};
      phones.forget();
    },
    async close() {
      await t.close();
    },
  };
  return driver;
}
