import 'fake-indexeddb/auto';
import { getResponse, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '@contract/paths';
import type { ComplaintListResponse, ComplaintResponse } from '@contract';
import { IDEMPOTENCY_KEY_HEADER } from '@domain/idempotency';
import { ORGANIZATION_ID } from '@fixtures';
import { handlers } from '@mocks/handlers';
import { server } from '@mocks/node';
import { api } from '@/lib/api-client';
import { answerUploads } from '@/test/answer-uploads';
import { setClock } from '@/test/clock';
import { signInAs } from '@/test/render';
import { toFieldValue } from './complaint-form-rules';
import { deviceName } from './device-name';
import { fieldDb } from './outbox-db';
import { editQueued, enqueue, newKey, onRegistered, refreshOutbox, sendOutbox, unsent, useOutbox } from './outbox';

// fake-indexeddb copies values with Node's structuredClone, which turns jsdom's Blob into {}.
// A browser keeps a stored photo's bytes; so does this, keeping the (immutable) Blob itself.
const nodeClone = globalThis.structuredClone;
const cloneKeepingBlobs = (value: unknown): unknown => {
  if (value instanceof Blob) return value;
  if (Array.isArray(value)) return value.map(cloneKeepingBlobs);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, cloneKeepingBlobs(inner)]));
  return nodeClone(value);
};
vi.stubGlobal('structuredClone', cloneKeepingBlobs);

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const REFUSAL = {
  type: '/problems/validation',
  title: 'Invalid request',
  status: 400,
  detail: 'Select an active type of offence.',
  errors: { typeOfOffenceId: ['Select an active type of offence.'] },
};

let places = 0;
/** A location no other complaint has, to find what the back end stored (or did not). */
const newPlace = () => `Jalan Lapangan ${++places}-${Date.now().toString(36)}`;

/** A complaint as the officer typed it offline, against Alam Bersih's contract, with `photos` as taken. */
function typed(location: string, photoNames: string[] = []) {
  return {
    values: {
      typeOfOffenceId: '2',
      dateOfMisconduct: toFieldValue(new Date(Date.now() - 3_600_000).toISOString()),
      description: 'Construction debris dumped beside the drain.',
      organizationId: String(ORGANIZATION_ID.alamBersih),
      contractId: '1',
      offender: 'Lorry WXY 1234',
      location,
      qty: 3,
      coordinates: null,
    },
    labels: { typeOfOffence: 'Illegal dumping', contractor: 'Alam Bersih', contract: 'Contract 1' },
    photos: photoNames.map((name) => ({ key: newKey(), name, file: new File([PNG_BYTES], name, { type: 'image/png' }), fileId: null })),
  };
}

const shown = (id: string) => useOutbox.getState().items.find((item) => item.id === id);

/** The officer's complaints the back end holds at `location`, through the API. */
async function registeredAt(location: string) {
  const list = await api.get(apiPaths.complaints, { searchParams: { history: 'true', q: location } }).json<ComplaintListResponse>();
  return list.data.items.filter((c) => c.location === location);
}

const detailOf = async (id: number) => (await api.get(apiPaths.complaint(id)).json<ComplaintResponse>()).data;

/** What each test listens to, let go after it. */
const stopAfterTest: (() => void)[] = [];

/** The writes the app sends, in order: path and Idempotency-Key. */
function watchWrites() {
  const writes: { path: string; key: string | null }[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (request.method === 'POST') writes.push({ path: new URL(request.url).pathname, key: request.headers.get(IDEMPOTENCY_KEY_HEADER) });
  };
  server.events.on('request:start', listener);
  stopAfterTest.push(() => server.events.removeListener('request:start', listener));
  return writes;
}

beforeEach(() => {
  // The phone has no network when Register is pressed: the queue does not try at once. Each test
  // sends as the `online` event and Background Sync do, with sendOutbox.
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  useOutbox.setState({ owner: null, items: [], loaded: false, sendingId: null });
  signInAs('officer');
});

afterEach(async () => {
  stopAfterTest.splice(0).forEach((stop) => stop());
  vi.restoreAllMocks();
  const db = await fieldDb();
  await db.clear('outbox');
});

describe('the queue of complaints made without network', () => {
  it('keeps a complaint made offline waiting, for the officer who made it only', async () => {
    const item = await enqueue(typed(newPlace(), ['bins.png']));

    expect(shown(item.id)).toMatchObject({ state: 'waiting', attempts: 0, refusal: null, refNo: null });
    expect(unsent(useOutbox.getState().items)).toHaveLength(1);

    signInAs('verifier');
    await refreshOutbox();
    expect(useOutbox.getState().items).toEqual([]);

    signInAs('officer');
    await refreshOutbox();
    expect(useOutbox.getState().items.map((i) => i.id)).toEqual([item.id]);
    expect(useOutbox.getState().items[0]!.photos[0]!.file).toBeInstanceOf(Blob);
  });

  it('sends the photos first, each under its own key, then the complaint under its key, saying when and on what it was made', async () => {
    const uploads = answerUploads();
    const writes = watchWrites();
    const registered = vi.fn();
    stopAfterTest.push(onRegistered(registered));
    const location = newPlace();
    const item = await enqueue(typed(location, ['bins.png', 'lorry.png']));

    expect(await sendOutbox()).toBe(1);

    const [photo1, photo2] = item.photos;
    expect(writes).toEqual([
      { path: `/${apiPaths.files}`, key: photo1!.key },
      { path: `/${apiPaths.files}`, key: photo2!.key },
      { path: `/${apiPaths.complaints}`, key: item.key },
    ]);
    expect(photo1!.key).not.toBe(photo2!.key);
    expect(uploads).toHaveLength(2);
    const stored = await registeredAt(location);
    expect(stored).toHaveLength(1);
    const complaint = await detailOf(stored[0]!.id);
    expect(complaint.madeOffline).toEqual({ at: item.madeAt, device: deviceName() });
    expect(complaint.complaintAttachments).toHaveLength(2);
    expect(shown(item.id)).toMatchObject({ state: 'sent', refNo: complaint.refNo, complaintId: complaint.id, sentAt: expect.any(String) });
    expect(shown(item.id)!.photos.map((p) => p.file)).toEqual([null, null]);
    expect(unsent(useOutbox.getState().items)).toEqual([]);
    expect(registered).toHaveBeenCalledTimes(1);
  });

  it('keeps the complaint waiting when the network fails, and registers it once when sent again', async () => {
    const uploads = answerUploads();
    const location = newPlace();
    const item = await enqueue(typed(location, ['bins.png']));
    server.use(http.post(`*/${apiPaths.complaints}`, () => HttpResponse.error(), { once: true }));

    expect(await sendOutbox()).toBe(0);
    expect(shown(item.id)).toMatchObject({ state: 'waiting', attempts: 1, refusal: null });
    expect(unsent(useOutbox.getState().items)).toHaveLength(1);
    expect(await registeredAt(location)).toEqual([]);

    expect(await sendOutbox()).toBe(1);
    expect(shown(item.id)).toMatchObject({ state: 'sent', attempts: 2 });
    expect(await registeredAt(location)).toHaveLength(1);
    // The photo went with the first try; it is not uploaded again.
    expect(uploads).toHaveLength(1);
  });

  it('registers a complaint once when the answer to its first send was lost', async () => {
    const location = newPlace();
    const item = await enqueue(typed(location));
    // The back end registers it, but the answer never reaches the phone.
    server.use(
      http.post(
        `*/${apiPaths.complaints}`,
        async ({ request }) => {
          await getResponse(handlers, request);
          return HttpResponse.error();
        },
        { once: true },
      ),
    );

    expect(await sendOutbox()).toBe(0);
    expect(shown(item.id)).toMatchObject({ state: 'waiting', refNo: null });
    const [first] = await registeredAt(location);

    expect(await sendOutbox()).toBe(1);
    expect(await registeredAt(location)).toHaveLength(1);
    expect(shown(item.id)).toMatchObject({ state: 'sent', refNo: first!.refNo, complaintId: first!.id });
  });

  it('keeps a refused complaint with the server’s words, sends the next one, and waits again once edited', async () => {
    const refusedPlace = newPlace();
    const nextPlace = newPlace();
    server.use(
      http.post(`*/${apiPaths.complaints}`, async ({ request }) => {
        const body = (await request.clone().json()) as { location: string };
        return body.location === refusedPlace ? HttpResponse.json(REFUSAL, { status: 400 }) : undefined;
      }),
    );
    // The queue goes oldest first: the refused one was made a second before the next.
    setClock(Date.now() - 1000);
    const refused = await enqueue(typed(refusedPlace));
    vi.useRealTimers();
    const next = await enqueue(typed(nextPlace));

    expect(await sendOutbox()).toBe(1);
    expect(shown(refused.id)).toMatchObject({
      state: 'refused',
      refusal: {
        message: 'Select an active type of offence.',
        fieldErrors: { typeOfOffenceId: 'Select an active type of offence.' },
        status: 400,
      },
    });
    expect(shown(next.id)).toMatchObject({ state: 'sent' });
    expect(unsent(useOutbox.getState().items).map((i) => i.id)).toEqual([refused.id]);
    expect(await registeredAt(refusedPlace)).toEqual([]);

    const changed = typed(`${refusedPlace} (edited)`);
    await editQueued(refused.id, changed);
    expect(shown(refused.id)).toMatchObject({ state: 'waiting', refusal: null, values: changed.values });
    expect(shown(refused.id)!.key).not.toBe(refused.key);

    expect(await sendOutbox()).toBe(1);
    expect(await registeredAt(changed.values.location)).toHaveLength(1);
  });

  it('sends a complaint first tried online again as it was: its key, and not as made offline', async () => {
    const writes = watchWrites();
    const location = newPlace();
    const key = newKey();
    const item = await enqueue({ ...typed(location), key });

    expect(await sendOutbox()).toBe(1);

    expect(writes).toEqual([{ path: `/${apiPaths.complaints}`, key }]);
    const [stored] = await registeredAt(location);
    expect((await detailOf(stored!.id)).madeOffline).toBeNull();
    expect(shown(item.id)).toMatchObject({ state: 'sent', refNo: stored!.refNo });
  });
});
