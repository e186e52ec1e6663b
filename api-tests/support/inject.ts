import { connectApi } from './api';
import type { Account, ApiDriver, Method, Role } from './client';

export type { Role };

/**
 * `app.inject()`'s shape over either driver, so tests first written for the server read the
 * same here: `{ method, url, headers, payload }` in; `{ statusCode, headers, body, json() }` out.
 */
export interface InjectOptions {
  method: Method;
  url: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON; bytes (a multipart body) as they are. */
  payload?: unknown;
}

export function injector(api: ApiDriver) {
  return {
    async inject({ method, url, headers = {}, payload }: InjectOptions) {
      const path = url.replace(/^\//, '');
      const bytes = payload instanceof Uint8Array ? (new Uint8Array(payload) as Uint8Array<ArrayBuffer>) : undefined;
      const res = await api.call(method, path, {
        headers,
        ...(bytes
          ? { rawBody: bytes }
          : typeof payload === 'string'
            ? { rawBody: payload }
            : payload === undefined
              ? {}
              : { body: payload }),
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as light-my-request's json()
      return { statusCode: res.status, headers: res.headers, body: res.text, json: <T = any>() => res.json as T };
    },
    /** A bearer header of a fresh session of that account. */
    async signIn(role: Account) {
      return { authorization: `Bearer ${await api.signIn(role)}` };
    },
  };
}

/** This file's back end, `app.inject()`-shaped: `t.app.inject(...)`, `t.signIn(role)`, and the driver as `t.api`. */
export function connectInjector() {
  const api = connectApi();
  const { inject, signIn } = injector(api);
  return { app: { inject }, signIn, api };
}
