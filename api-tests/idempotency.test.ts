import { beforeAll, describe, expect, it } from 'vitest';
import { problemTypes } from '../contract/account-rules';
import { complaintListResponseSchema, complaintResponseSchema } from '../contract/complaints';
import { uploadFileResponseSchema } from '../contract/files';
import { imageBytes } from '../server/test/multipart';
import { connectApi, expectProblem, readAs } from './support/api';
import type { RequestOptions } from './support/client';
import { newComplaint } from '../server/test/complaints';

// Issue 47: sends that never duplicate. A write sent again under its Idempotency-Key (an offline
// queue retrying after its answer was lost) is made once and answered with the first answer.

const api = connectApi();
beforeAll(async () => {
  await api.reset();
});

let keys = 0;
/** A key no test used before: a UUID-like string of this run. */
const newKey = () => `queue-${Date.now().toString(36)}-${(keys++).toString().padStart(6, '0')}`;

const register = (key: string | null, body: unknown, as: RequestOptions['as'] = 'officer') =>
  api.call('POST', 'api/v1/complaints', { as, body, headers: key === null ? {} : { 'Idempotency-Key': key } });

const complaintsCalled = async (location: string) => {
  const res = await api.call('GET', `api/v1/complaints?limit=1000&q=${encodeURIComponent(location)}`, { as: 'officer' });
  return readAs(complaintListResponseSchema, res).data.items.filter((c) => c.location === location);
};

const uploadPhoto = (key: string | null, bytes: Uint8Array, as: RequestOptions['as'] = 'officer') =>
  api.call('POST', 'api/v1/files', {
    as,
    parts: [{ name: 'file', bytes, filename: 'site.jpg', contentType: 'image/jpeg' }],
    headers: key === null ? {} : { 'Idempotency-Key': key },
  });

/** A JPEG unlike any other of this file's. */
function photo(n: number) {
  const bytes = new Uint8Array(imageBytes.jpeg(3_000));
  new DataView(bytes.buffer).setUint32(8, 0x4944_0000 + n);
  return bytes;
}

describe('Idempotency-Key on POST /api/v1/complaints', () => {
  it('registers a complaint sent three times under one key once, answering each time with the first answer', async () => {
    const key = newKey();
    const body = newComplaint({ location: `Jalan Idempoten ${key}` });
    const first = await register(key, body);
    const made = readAs(complaintResponseSchema, first).data;
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    for (let again = 0; again < 2; again++) {
      const repeated = await register(key, body);
      expect(repeated.status).toBe(201);
      expect(repeated.headers['idempotent-replayed']).toBe('true');
      expect(readAs(complaintResponseSchema, repeated).data).toEqual(made);
    }
    expect((await complaintsCalled(body.location)).map((c) => c.id)).toEqual([made.id]);
  });

  it('takes the same request with its fields in another order as the same request', async () => {
    const key = newKey();
    const body = newComplaint({ location: `Jalan Susunan ${key}` });
    const made = readAs(complaintResponseSchema, await register(key, body)).data;
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const repeated = await register(key, reordered);
    expect(readAs(complaintResponseSchema, repeated).data.id).toBe(made.id);
    expect(await complaintsCalled(body.location)).toHaveLength(1);
  });

  it('refuses another request under a used key with 422, and writes nothing', async () => {
    const key = newKey();
    const body = newComplaint({ location: `Jalan Pertama ${key}` });
    readAs(complaintResponseSchema, await register(key, body));
    const other = newComplaint({ location: `Jalan Lain ${key}` });
    const refused = expectProblem(await register(key, other), 422, problemTypes.idempotencyKeyReused);
    expect(refused.code).toBe('idempotencyKeyReused');
    expect(await complaintsCalled(other.location)).toEqual([]);
    expect(await complaintsCalled(body.location)).toHaveLength(1);
  });

  it("keeps keys per user: another user's request under the same key is another request", async () => {
    const key = newKey();
    const mine = newComplaint({ location: `Jalan Pegawai ${key}` });
    readAs(complaintResponseSchema, await register(key, mine, 'officer'));
    // The administrator may register too (the matrix gives Complaint create to both); the key is theirs afresh.
    const theirs = newComplaint({ location: `Jalan Pentadbir ${key}` });
    const answered = await register(key, theirs, 'admin');
    expect(answered.status).toBe(201);
    expect(answered.headers['idempotent-replayed']).toBeUndefined();
    expect(readAs(complaintResponseSchema, answered).data.location).toBe(theirs.location);
  });

  it('keeps nothing of a refusal: the same key with the request corrected registers it', async () => {
    const key = newKey();
    const location = `Jalan Betul ${key}`;
    // A type of offence that does not exist: refused, and the key is not used up.
    const wrong = newComplaint({ location, typeOfOffenceId: 999_999 });
    expect((await register(key, wrong)).status).toBeGreaterThanOrEqual(400);
    expect(await complaintsCalled(location)).toEqual([]);
    const right = newComplaint({ location });
    const made = await register(key, right);
    expect(made.status).toBe(201);
    expect(made.headers['idempotent-replayed']).toBeUndefined();
    expect(await complaintsCalled(location)).toHaveLength(1);
  });

  it('registers two sends under one key that arrive together once', async () => {
    const key = newKey();
    const body = newComplaint({ location: `Jalan Serentak ${key}` });
    const [a, b] = await Promise.all([register(key, body), register(key, body)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(readAs(complaintResponseSchema, a).data.id).toBe(readAs(complaintResponseSchema, b).data.id);
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
    expect(await complaintsCalled(body.location)).toHaveLength(1);
  });

  it('refuses a key that is not one with 400, and registers nothing', async () => {
    const location = `Jalan Kunci ${newKey()}`;
    for (const key of ['short', 'has spaces in it, and more', 'x'.repeat(129), 'ünïcödé-key-0000000']) {
      const refused = expectProblem(await register(key, newComplaint({ location })), 400, problemTypes.validation);
      expect(refused.errors?.['Idempotency-Key']?.[0]).toMatch(/16 to 128/);
    }
    expect(await complaintsCalled(location)).toEqual([]);
  });

  it('registers every request without a key: two sends are two complaints', async () => {
    const body = newComplaint({ location: `Jalan Tanpa Kunci ${newKey()}` });
    readAs(complaintResponseSchema, await register(null, body));
    readAs(complaintResponseSchema, await register(null, body));
    expect(await complaintsCalled(body.location)).toHaveLength(2);
  });
});

describe('Idempotency-Key on POST /api/v1/files', () => {
  it('stores a photo sent again under its key once, answering with the same file', async () => {
    const key = newKey();
    const first = readAs(uploadFileResponseSchema, await uploadPhoto(key, photo(1))).data;
    const again = await uploadPhoto(key, photo(1));
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(readAs(uploadFileResponseSchema, again).data).toEqual(first);
    // Without the key, the same bytes are a new upload.
    expect(readAs(uploadFileResponseSchema, await uploadPhoto(null, photo(1))).data.id).not.toBe(first.id);
  });

  it('refuses other bytes under a used key with 422', async () => {
    const key = newKey();
    readAs(uploadFileResponseSchema, await uploadPhoto(key, photo(2)));
    expectProblem(await uploadPhoto(key, photo(3)), 422, problemTypes.idempotencyKeyReused);
  });

  it("keeps keys per user: the contractor's upload under the officer's key is the contractor's own", async () => {
    const key = newKey();
    const officers = readAs(uploadFileResponseSchema, await uploadPhoto(key, photo(4), 'officer')).data;
    const contractors = await uploadPhoto(key, photo(4), 'contractor');
    expect(contractors.status).toBe(201);
    expect(contractors.headers['idempotent-replayed']).toBeUndefined();
    expect(readAs(uploadFileResponseSchema, contractors).data.id).not.toBe(officers.id);
  });
});
