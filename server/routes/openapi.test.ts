import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problems } from '../../domain/problems';
import type { Document, Operation, Response } from '../openapi/document';
import { createTestApp } from '../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host: 'desk.test:8443' } })).json();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ where: `${method} ${path}`, op: op as Operation })),
  );
const operation = (id: string) => operations().find(({ op }) => op.operationId === id)!.op;
/** A response as declared, its `$ref` to a shared one followed. */
const answer = (op: Operation, status: number): Response => {
  const declared = op.responses[String(status)] as Response & { $ref?: string };
  return declared?.$ref ? doc.components.responses![declared.$ref.split('/').pop()!]! : declared;
};
const codesOf = (response: Response) =>
  (response.content!['application/problem+json']!.schema!.allOf as { properties?: { code?: { enum: string[] } } }[])[1]!.properties!.code!
    .enum;

describe('the OpenAPI document', () => {
  it('names every operation once, in camelCase, in one described group, with a summary and who may call it', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.length).toBeGreaterThan(120);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { where, op } of operations()) {
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(op.tags, where).toHaveLength(1);
      expect(
        doc.tags!.map((tag) => tag.name),
        where,
      ).toContain(op.tags![0]);
      expect(op.summary, where).toBeTruthy();
      expect(op.description, where).toContain('**Who may call it:**');
      for (const parameter of op.parameters ?? []) expect(parameter.description, `${where} ${parameter.name}`).toBeTruthy();
      for (const status of Object.keys(op.responses))
        expect(answer(op, Number(status)).description, `${where} ${status}`).not.toMatch(/^(Default Response)?$/);
    }
    expect(doc.tags!.every((tag) => tag.description.length > 10)).toBe(true);
    expect(operation('listComplaints').tags).toEqual(['Complaints']);
    expect(operation('justifyComplaint').description).toContain('`justify` on “Justify Complaint”');
  });

  it('publishes named schemas by reference, and the problem codes as one catalogue', () => {
    const schemas = doc.components.schemas!;
    for (const name of ['Complaint', 'ComplaintList', 'ComplaintResponse', 'Pagination', 'Problem', 'ValidationProblem', 'NewComplaint'])
      expect(schemas, name).toHaveProperty(name);
    expect(operation('signIn').requestBody!.content['application/json']!.schema).toEqual({ $ref: '#/components/schemas/SignIn' });
    expect(schemas.SignIn!.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(operation('listComplaints').responses['200']!.content!['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/ComplaintList',
    });
    const problem = schemas.Problem as { required: string[]; properties: { code: { enum: string[] } } };
    expect(problem.required).toContain('code');
    expect(problem.properties.code.enum.sort()).toEqual(Object.keys(problems).sort());
  });

  it('lists, per status, the codes each operation answers', () => {
    const justify = operation('justifyComplaint');
    expect(codesOf(answer(justify, 409))).toEqual([
      'complaintAlreadyDecided',
      'complaintAlreadyJustified',
      'complaintMovedMeanwhile',
      'justifyDeadlinePassed',
    ]);
    expect(codesOf(answer(justify, 403))).toEqual(['forbidden', 'justifyNotContractor', 'secondFactorRequired']);
    // Fastify's own refusals, where a call can meet them: a body, a value in the path.
    expect(codesOf(answer(justify, 400))).toEqual(expect.arrayContaining(['badJson', 'badUrl', 'validation']));
    expect(codesOf(answer(justify, 413))).toEqual(['bodyTooLarge']);
    expect(codesOf(answer(justify, 414))).toEqual(['uriTooLong']);
    expect(codesOf(answer(justify, 415))).toEqual(['unsupportedMediaType']);
    expect(operation('listComplaints').responses).not.toHaveProperty('413');
    const signIn = answer(operation('signIn'), 429);
    expect(codesOf(signIn)).toEqual(['throttled']);
    expect(signIn.headers).toHaveProperty('Retry-After');
    expect(signIn.content!['application/problem+json']!.examples).toHaveProperty('throttled');
    expect(doc.components.examples!.throttled!.value).toMatchObject({ status: 429, code: 'throttled', retryAfter: 900 });
  });

  it('lists the sorts a list takes, both ways', () => {
    const sort = operation('listComplaints').parameters!.find((p) => p.name === 'sort')!;
    expect(sort.schema!.enum).toEqual(expect.arrayContaining(['refNo', '-refNo', 'dateOfMisconduct', '-dateOfMisconduct']));
    expect(operation('listZones').parameters!.find((p) => p.name === 'sort')!.schema!.enum).toEqual([
      'name',
      'code',
      'active',
      '-name',
      '-code',
      '-active',
    ]);
  });

  it('describes binary bodies: the upload as multipart, images and CSV as what they are', () => {
    const upload = operation('uploadFile').requestBody!.content['multipart/form-data']!.schema as {
      properties: { file: { format: string } };
      required: string[];
    };
    expect(upload.required).toEqual(['file']);
    expect(upload.properties.file.format).toBe('binary');
    const image = operation('getFile').responses;
    expect(Object.keys(image['200']!.content!)).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(image['200']!.headers).toHaveProperty('Repr-Digest');
    expect(image['206']!.headers).toHaveProperty('Content-Range');
    expect(Object.keys(operation('exportComplaintsCsv').responses['200']!.content!)).toEqual(['text/csv']);
  });

  it('says who signs requests and who need not, where the server is, and whose it is', () => {
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.components.securitySchemes).toMatchObject({ bearer: { type: 'http', scheme: 'bearer', description: expect.any(String) } });
    expect(operation('signIn').security).toEqual([]);
    expect(operation('getHealth').security).toEqual([]);
    expect(operation('listComplaints').security).toEqual([{ bearer: [] }]);
    expect(doc.servers).toEqual([{ url: 'http://desk.test:8443', description: 'This server' }]);
    expect(doc.info).toMatchObject({
      version: expect.stringMatching(/^1\.\d+\.\d+$/),
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
      contact: expect.any(Object),
    });
  });
});

describe("Fastify's own refusals, as problems of the catalogue", () => {
  const refused = async (request: InjectOptions, status: number, code: string) => {
    const res = await t.app.inject(request);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status, code });
    return res;
  };
  const json = { 'content-type': 'application/json' };

  it('a value in the path too long (414), a broken escape (400)', async () => {
    await refused({ method: 'GET', url: `/api/v1/complaints/${'1'.repeat(101)}` }, 414, 'uriTooLong');
    await refused({ method: 'GET', url: '/api/v1/complaints/%E0%A4%A' }, 400, 'badUrl');
  });

  it('a body too large (413), of another type (415), not JSON (400)', async () => {
    const url = '/api/v1/auth/sign-in';
    await refused({ method: 'POST', url, headers: json, payload: JSON.stringify({ email: 'x'.repeat(1_100_000) }) }, 413, 'bodyTooLarge');
    await refused({ method: 'POST', url, headers: { 'content-type': 'text/xml' }, payload: '<a/>' }, 415, 'unsupportedMediaType');
    await refused({ method: 'POST', url, headers: json, payload: '{"email":' }, 400, 'badJson');
  });

  it('a path it does not have (404), a method a path does not take (405, with Allow)', async () => {
    await refused({ method: 'GET', url: '/api/v1/nothing-here' }, 404, 'noRoute');
    const res = await refused({ method: 'PUT', url: '/api/v1/complaints/12' }, 405, 'methodNotAllowed');
    expect(res.headers.allow).toBe('GET, HEAD, PATCH, DELETE');
  });
});

it('renders a readable reference, grouped by tag, with the strict CSP and no script', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/html');
  expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  expect(res.body).toContain('<h2 id="tag-Complaints">Complaints</h2>');
  expect(res.body).toContain('<section id="justifyComplaint">');
  expect(res.body).not.toContain('<script');
});

it('sends security headers on every answer', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
  expect(res.statusCode).toBe(404);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
});
