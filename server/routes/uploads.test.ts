import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, problemTypes } from '../../contract/account-rules';
import { problemSchema } from '../../contract/envelope';
import { files } from '../db/schema';
import { imageBytes, multipartFile } from '../test/multipart';
import type { Storage } from '../services/storage';
import { emptied, keysOf } from '../test/stored';
import { createTestApp, ownStorage } from '../test/test-app';
import { UPLOAD_BODY_CAP } from './files';

/*
 * What only the server has: the request's bytes arriving over a socket, in whatever pieces the
 * network makes of them, while the multipart parser and the route race each other. Each case
 * runs twenty times so that a race cannot pass by luck; each app keeps its uploads in a folder
 * of its own, so what is on disk can be counted.
 */

const ROUNDS = 20;
type TestApp = Awaited<ReturnType<typeof createTestApp>>;

async function listening(options: Parameters<typeof createTestApp>[0] = {}) {
  const storage = ownStorage();
  const t = await createTestApp({ ...options, storage });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, storage, port: (t.app.server.address() as AddressInfo).port };
}

async function stored(t: TestApp, storage: Storage) {
  const [rows] = await t.db.select({ n: count() }).from(files);
  return { rows: rows!.n, onDisk: (await keysOf(storage)).length };
}

const png = imageBytes.png();
const imagePart = (form: FormData, bytes: Uint8Array = png, name = 'file') =>
  form.append(name, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
/** Each one more, or other, than one image in a part named `file`. */
const wrongForms: Record<string, () => FormData> = {
  'two files': () => {
    const form = new FormData();
    imagePart(form);
    imagePart(form);
    return form;
  },
  'three files': () => {
    const form = new FormData();
    for (let i = 0; i < 3; i++) imagePart(form);
    return form;
  },
  'a file, then a field': () => {
    const form = new FormData();
    imagePart(form);
    form.append('caption', 'x');
    return form;
  },
  'a field, then the file': () => {
    const form = new FormData();
    form.append('caption', 'x');
    imagePart(form);
    return form;
  },
  'the file, then another file': () => {
    const form = new FormData();
    imagePart(form);
    imagePart(form, png, 'picture');
    return form;
  },
};
const oversizeForm = () => {
  const form = new FormData();
  imagePart(form, imageBytes.png(MAX_FILE_BYTES + 1));
  return form;
};
const oneImageForm = () => {
  const form = new FormData();
  imagePart(form);
  return form;
};

/** The bytes Node's fetch sends for this form, and their content type. */
async function encoded(form: FormData) {
  const req = new Request('http://x/', { method: 'POST', body: form });
  return { bytes: new Uint8Array(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

/** Where each part's body starts in an encoded form. */
function partStarts(bytes: Uint8Array): number[] {
  const text = Buffer.from(bytes).toString('latin1');
  const starts: number[] = [];
  for (let at = text.indexOf('\r\n\r\n'); at >= 0; at = text.indexOf('\r\n\r\n', at + 4)) {
    if (text.lastIndexOf('Content-Disposition', at) > (starts.at(-1) ?? -1)) starts.push(at + 4);
  }
  return starts;
}

/** A small repeatable sequence, so a failing round can be run again. */
const cutsOf = (round: number, length: number) =>
  [1, 2, 3].map((k) => Math.floor((((round * 7919 + k * 104_729) % 1000) / 1000) * length)).sort((a, b) => a - b);

/** POSTs the body in these pieces, with chunked transfer coding, a moment apart; answers status and body. */
function postInPieces(port: number, authorization: string, contentType: string, bytes: Uint8Array, cuts: number[]) {
  const edges = [0, ...cuts.filter((cut) => cut > 0 && cut < bytes.length), bytes.length];
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/files',
        headers: { authorization, 'content-type': contentType, 'transfer-encoding': 'chunked' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    void (async () => {
      for (let i = 0; i + 1 < edges.length; i++) {
        req.write(bytes.subarray(edges[i], edges[i + 1]));
        await sleep(2);
      }
      req.end();
    })();
  });
}

describe('POST /api/v1/files over a socket', () => {
  let t: TestApp;
  let storage: Storage;
  let base: string;
  let port: number;
  let authorization: string;
  beforeAll(async () => {
    ({ t, storage, port } = await listening());
    base = `http://127.0.0.1:${port}`;
    authorization = (await t.signIn('contractor')).authorization;
  });
  afterAll(async () => {
    await t.close();
    await emptied(storage);
  });

  const upload = (form: FormData) => fetch(`${base}/api/v1/files`, { method: 'POST', headers: { authorization }, body: form });

  it(`answers 400 to anything but one part named "file", and stores nothing, ${ROUNDS} times out of ${ROUNDS} with fetch and FormData`, async () => {
    const before = await stored(t, storage);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [what, form] of Object.entries(wrongForms)) {
        const res = await upload(form());
        expect(res.status, `${what}, round ${round}`).toBe(400);
        expect(problemSchema.parse(await res.json()).errors?.file, what).toBeDefined();
      }
    }
    expect(await stored(t, storage)).toEqual(before);
  });

  it(`answers 413 to a file over 5 MB, ${ROUNDS} times out of ${ROUNDS} with fetch and FormData`, async () => {
    const before = await stored(t, storage);
    for (let round = 0; round < ROUNDS; round++) {
      const res = await upload(oversizeForm());
      expect(res.status, `round ${round}`).toBe(413);
      expect(problemSchema.parse(await res.json()).type).toBe(problemTypes.fileTooLarge);
    }
    expect(await stored(t, storage)).toEqual(before);
  });

  it('cuts off a body that never ends: 413 once it has sent about two files\u2019 worth, and the connection closes', async () => {
    const before = await stored(t, storage);
    const head = Buffer.from(
      '--endless\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n',
    );
    const chunk = Buffer.alloc(64 * 1024, 7);
    const giveUpAt = 20 * UPLOAD_BODY_CAP;
    const { status, body, sent } = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/files',
          headers: { authorization, 'content-type': 'multipart/form-data; boundary=endless', 'transfer-encoding': 'chunked' },
        },
        (res) => {
          answered = true;
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString(), sent }));
        },
      );
      // The server closing the connection while this side still writes is the point, not a failure.
      req.on('error', (error) => (answered ? undefined : reject(error)));
      void (async () => {
        req.write(head);
        while (!answered && sent < giveUpAt) {
          sent += chunk.length;
          if (!req.write(chunk)) await new Promise<void>((r) => req.once('drain', () => r()).once('close', () => r()));
          if (req.destroyed) return;
        }
        if (!answered) req.end();
      })();
    });
    expect(status).toBe(413);
    expect(problemSchema.parse(JSON.parse(body)).type).toBe(problemTypes.fileTooLarge);
    // What the sockets' buffers held on the way comes on top of what the server read.
    expect(sent).toBeLessThan(UPLOAD_BODY_CAP + 16 * 1024 * 1024);
    expect(await stored(t, storage)).toEqual(before);
  });

  it('answers alike to bodies sent in pieces: cut at random, at the parts\u2019 edges, and right at 5 MB', async () => {
    const before = await stored(t, storage);
    const wrong = await Promise.all(Object.entries(wrongForms).map(async ([what, form]) => ({ what, ...(await encoded(form())) })));
    const oversize = await encoded(oversizeForm());
    // The limit falls exactly at the end of a piece: nothing more of the file comes in that piece.
    const atLimit = partStarts(oversize.bytes)[0]! + MAX_FILE_BYTES;
    for (let round = 0; round < ROUNDS; round++) {
      for (const { what, bytes, contentType } of wrong) {
        for (const cuts of [cutsOf(round, bytes.length), partStarts(bytes)]) {
          const res = await postInPieces(port, authorization, contentType, bytes, cuts);
          expect(res.status, `${what}, round ${round}, cut at ${cuts.join(', ')}: ${res.body}`).toBe(400);
        }
      }
      for (const cuts of [[atLimit], [atLimit - 1], [atLimit + 1], cutsOf(round, oversize.bytes.length)]) {
        const res = await postInPieces(port, authorization, oversize.contentType, oversize.bytes, cuts);
        expect(res.status, `over 5 MB, round ${round}, cut at ${cuts.join(', ')}: ${res.body}`).toBe(413);
      }
    }
    expect(await stored(t, storage)).toEqual(before);
  });

  it('stores one image alone, with its two smaller copies, however it arrives', async () => {
    const before = await stored(t, storage);
    const one = await encoded(oneImageForm());
    expect((await upload(oneImageForm())).status).toBe(201);
    expect((await postInPieces(port, authorization, one.contentType, one.bytes, partStarts(one.bytes))).status).toBe(201);
    expect(await stored(t, storage)).toEqual({ rows: before.rows + 2, onDisk: before.onDisk + 2 * 3 });
  });
});

describe('the upload quota', () => {
  it('holds when one user sends many uploads at once: each waits for the one before it', async () => {
    const storage = ownStorage();
    const t = await createTestApp({ storage, uploads: { UPLOAD_QUOTA_MB: 1 } });
    try {
      const headers = await t.signIn('contractor');
      // 300 KB each: three fit in 1 MB, a fourth does not.
      const body = () => multipartFile(imageBytes.png(300 * 1024));
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => {
          const { payload, headers: type } = body();
          return t.app.inject({ method: 'POST', url: '/api/v1/files', payload, headers: { ...headers, ...type } });
        }),
      );
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses).toEqual([201, 201, 201, 413, 413, 413, 413, 413]);
      for (const res of answers.filter((r) => r.statusCode === 413)) expect(res.json()).toMatchObject({ code: 'uploadQuotaFull' });
      // The refused ones left nothing on disk: three originals, each with its two copies.
      expect((await keysOf(storage)).length).toBe(3 * 3);
    } finally {
      await t.close();
      await emptied(storage);
    }
  });
});

describe('POST /api/test/reset', () => {
  it('deletes the uploads it drops from disk, and keeps the demo images', async () => {
    const storage = ownStorage();
    const t = await createTestApp({ storage, testHooks: true });
    try {
      expect((await t.app.inject({ method: 'POST', url: '/api/test/reset' })).statusCode).toBe(204);
      const demo = await keysOf(storage);
      expect(demo.length).toBeGreaterThan(0);
      const { payload, headers } = multipartFile(png);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/v1/files', payload, headers: { ...headers, ...(await t.signIn('contractor')) } }))
          .statusCode,
      ).toBe(201);
      expect((await keysOf(storage)).length).toBe(demo.length + 3);

      expect((await t.app.inject({ method: 'POST', url: '/api/test/reset' })).statusCode).toBe(204);
      expect(await keysOf(storage)).toEqual(demo);
    } finally {
      await t.close();
      await emptied(storage);
    }
  });
});
