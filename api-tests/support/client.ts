import { accounts, ACCOUNT_ID, type DEMO_PASSWORD, type demoAccounts } from '../../fixtures';

/**
 * The small interface the behavioural API suite is written against. Two drivers answer it:
 * the real server through `app.inject()` on PostgreSQL, and the MSW mocks through `msw/node`.
 * A test sees only HTTP: status, headers, body. Whatever it checks holds on both back ends.
 */
export type Role = keyof typeof demoAccounts;
/** Whom a test signs in as: a demo account, or another contractor organisation's representative. */
export type Account = keyof typeof ACCOUNT_ID;
/** The e-mail an account signs in with. */
export const emailOf = (account: Account) => accounts.find((candidate) => candidate.id === ACCOUNT_ID[account])!.email;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface FilePart {
  /** The multipart field name; the API takes `file`. */
  name: string;
  bytes: Uint8Array;
  filename?: string;
  contentType?: string;
}

export interface RequestOptions {
  /** A bearer token, or a role to sign in as (once per driver state). */
  as?: Role | { token: string };
  /** Sent as JSON (with `content-type: application/json`), as the SPA sends it. */
  body?: unknown;
  /** Sent as multipart/form-data instead of JSON. */
  parts?: FilePart[];
  /** Sent exactly as given (e.g. a malformed body), with `content-type: application/json` unless `headers` say otherwise. */
  rawBody?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
  /** The network address the back end sees the call come from (throttling counts per address); a fixed local one unless told. */
  from?: string;
}

export interface ApiResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body parsed as JSON, or null when there is none or it is not JSON. */
  json: unknown;
  text: string;
  /** The body as it came, byte for byte (a PDF, an image). */
  bytes: Uint8Array;
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

export interface ApiDriver {
  readonly target: 'server' | 'mock';
  /** A call as the SPA makes it; `path` is a contract path such as `api/v1/complaints`. */
  call(method: Method, path: string, options?: RequestOptions): Promise<ApiResponse>;
  /** A fresh token of an account (every call signs in anew; an administrator's second factor enrols the first time, then types codes). */
  signIn(role: Account, password?: typeof DEMO_PASSWORD | string): Promise<string>;
  /** The same for any account by its e-mail (the demo password unless told). */
  signInEmail(email: string, password?: string): Promise<string>;
  /** The mails sent to that address, newest first (the test hook both back ends have). */
  outbox(email: string): Promise<OutboxMail[]>;
  /** Moves that user's activation links, codes and reset tokens `minutes` into the past. */
  ageAccountCodes(email: string, minutes: number): Promise<void>;
  /** Adds the first `count` archive complaints of the fixtures (older, decided ones). */
  addArchiveComplaints(count: number): Promise<void>;
  /** Every API route the back end answers, as `METHOD /api/v1/path/:param`. */
  routes(): Promise<string[]>;
  /** Back to the demo data set, as after a fresh install; signed-in roles sign in again. */
  reset(): Promise<void>;
  close(): Promise<void>;
}
