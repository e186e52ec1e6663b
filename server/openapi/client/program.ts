import createClient from 'openapi-fetch';
import type { components, paths } from './schema.gen';

/*
 * A small program written against the client generated from the OpenAPI document
 * (openapi-typescript + openapi-fetch), the way an integrator would: it signs in, lists,
 * reads one, uploads an image and branches on refusals by their `code`. It compiles only if
 * the document names its calls, schemas, binary body and refusal codes (server/openapi/client.test.ts).
 */

type ProblemCode = components['schemas']['Problem']['code'];

export interface Tour {
  wrongPassword: string;
  listed: number;
  total: number;
  read: string;
  uploaded: string;
  missing: ProblemCode;
  badSort: string;
}

export async function tour(baseUrl: string, account: { email: string; password: string }, image: Blob): Promise<Tour> {
  const api = createClient<paths>({ baseUrl });

  // A refusal, branched on its code: the compiler knows which codes signing in can answer.
  const refused = await api.POST('/api/v1/auth/sign-in', { body: { email: account.email, password: 'not the password' } });
  let wrongPassword: string;
  switch (refused.error?.code) {
    case 'invalidCredentials':
      wrongPassword = 'check the e-mail and password';
      break;
    case 'throttled':
      wrongPassword = `wait ${refused.error.retryAfter ?? 0} seconds`;
      break;
    case 'accountDisabled':
    case 'accountPending':
      wrongPassword = 'the account cannot sign in';
      break;
    default:
      throw new Error(`Signing in with a wrong password answered ${refused.response.status}`);
  }

  const signedIn = await api.POST('/api/v1/auth/sign-in', { body: account });
  if (!signedIn.data) throw new Error(`Signing in answered ${signedIn.response.status}: ${signedIn.error?.code}`);
  const session = signedIn.data.data;
  if (!('token' in session)) throw new Error('This account must answer a second-factor challenge first');
  const headers = { authorization: `Bearer ${session.token}` };

  const list = await api.GET('/api/v1/complaints', {
    params: { query: { history: 'true', limit: 5, sort: '-dateOfMisconduct' } },
    headers,
  });
  if (!list.data) throw new Error(`Listing answered ${list.response.status}: ${list.error?.code}`);
  const first = list.data.data.items[0];
  if (!first) throw new Error('The list is empty');

  const one = await api.GET('/api/v1/complaints/{id}', { params: { path: { id: first.id } }, headers });
  if (!one.data) throw new Error(`Reading answered ${one.response.status}: ${one.error?.code}`);

  const uploaded = await api.POST('/api/v1/files', {
    body: { file: image },
    bodySerializer: (body) => {
      const form = new FormData();
      form.append('file', body.file);
      return form;
    },
    headers,
  });
  if (!uploaded.data) throw new Error(`Uploading answered ${uploaded.response.status}: ${uploaded.error?.code}`);

  const absent = await api.GET('/api/v1/complaints/{id}', { params: { path: { id: 2_147_483_000 } }, headers });
  if (absent.error?.code !== 'notFound') throw new Error(`Reading a complaint that is not there answered ${absent.response.status}`);

  // A sort the document does not list does not compile; sent anyway, it is refused as bad input.
  const sorted = await api.GET('/api/v1/complaints', { params: { query: { sort: 'colour' as '-refNo' } }, headers });
  const badSort = sorted.error?.code === 'validation' ? (sorted.error.errors?.sort?.[0] ?? '') : 'accepted';

  return {
    wrongPassword,
    listed: list.data.data.items.length,
    total: list.data.data.pagination.totalRow,
    read: one.data.data.refNo,
    uploaded: uploaded.data.data.contentType,
    missing: absent.error.code,
    badSort,
  };
}
