import { DEMO_PASSWORD } from '../../fixtures';
import { MOCK_CLIENT_ADDRESS_HEADER } from '../../mocks/client-address';
import { handlers } from '../../mocks/handlers';
import { mockTestHooks, server } from '../../mocks/node';
import { emailOf, type ApiDriver, type ApiResponse, type Method, type RequestOptions, type Role } from './client';
import { multipartBody } from './multipart';
import { finishSignIn, Phones } from '../../fixtures/phones';

const BASE = 'http://localhost:3000/';

/** The MSW mocks through `msw/node`: calls made with fetch, answered in memory. */
export async function startMockDriver(): Promise<ApiDriver> {
  server.listen({ onUnhandledRequest: 'error' });
  mockTestHooks.reset();
  let tokens: Partial<Record<Role, string>> = {};
  const phones = new Phones();

  async function send(method: Method, path: string, headers: Record<string, string>, body?: BodyInit): Promise<ApiResponse> {
    const res = await fetch(`${BASE}${path}`, { method, headers, body });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: res.status, headers: Object.fromEntries(res.headers), json, text, bytes };
  }

  const driver: ApiDriver = {
    target: 'mock',
    async call(method, path, options: RequestOptions = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.from !== undefined) headers[MOCK_CLIENT_ADDRESS_HEADER] = options.from;
      if (options.as)
        headers.authorization = `Bearer ${typeof options.as === 'string' ? (tokens[options.as] ??= await driver.signIn(options.as)) : options.as.token}`;
      if (options.parts) {
        const body = multipartBody(options.parts);
        headers['content-type'] = body.contentType;
        return send(method, path, headers, body.bytes);
      }
      const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
      if (payload !== undefined || method !== 'GET') headers['content-type'] ??= 'application/json';
      return send(method, path, headers, payload);
    },
    async signIn(role, password = DEMO_PASSWORD) {
      return driver.signInEmail(emailOf(role), password);
    },
    async signInEmail(email, password = DEMO_PASSWORD) {
      const post = (path: string, body: unknown) => send('POST', path, { 'content-type': 'application/json' }, JSON.stringify(body));
      return finishSignIn(email, await post('api/v1/auth/sign-in', { email, password }), phones, post);
    },
    async outbox(email) {
      return mockTestHooks.outbox(email);
    },
    async ageAccountCodes(email, minutes) {
      mockTestHooks.ageAccountCodes(email, minutes);
    },
    async addArchiveComplaints(count) {
      mockTestHooks.addArchiveComplaints(count);
    },
    async routes() {
      return handlers.map(({ info }) => `${String(info.method).toUpperCase()} ${String(info.path).replace(/^\*/, '')}`);
    },
    async reset() {
      mockTestHooks.reset();
      tokens = {};
      phones.forget();
    },
    async close() {
      server.close();
    },
  };
  return driver;
}
