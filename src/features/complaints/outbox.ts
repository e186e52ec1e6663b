import i18n from 'i18next';
import { create } from 'zustand';
import { IDEMPOTENCY_KEY_HEADER } from '@domain/idempotency';
import { apiPaths } from '@contract/paths';
import type { ComplaintInput, ComplaintResponse } from '@contract';
import { api } from '@/lib/api-client';
import { requestBackgroundSync } from '@/lib/background-sync';
import { commonFailureMessage, readFailure, type Failure } from '@/lib/api-failure';
import { UploadFailedError, uploadImage } from '@/lib/upload-image';
import { requestBodyOf } from './complaint-form-rules';
import { useRootStore } from '@/stores/root-store';
import { deviceName } from './device-name';
import { writeQueueCount } from './outbox-count';
import { deleteQueued, putQueued, queuedOf, updateQueued, type QueuedComplaint, type QueuedPhoto, type QueuedRefusal } from './outbox-db';

/*
 * The queue of complaints made without network (issue 47), per user on this device: added by
 * Register when the network is not there (or went while sending), shown by the header's badge and
 * "Waiting to send", sent by itself when the network returns — oldest first, photos then the
 * complaint, each under its own Idempotency-Key, so a send whose answer was lost and is sent
 * again registers once. A refusal stays in the queue with the server's words; nothing is dropped.
 */

/** Sent items stay listed (when made, when sent, as what) this long, then go. */
export const SENT_KEEP_DAYS = 7;

/** A fresh idempotency key: a UUID, as the API's pattern takes. */
export const newKey = () => crypto.randomUUID();

interface OutboxView {
  /** Whose queue is shown (the signed-in user), or null. */
  owner: number | null;
  items: QueuedComplaint[];
  loaded: boolean;
  /** The item being sent now, if any. */
  sendingId: string | null;
}

/** The signed-in user's queue as the screens show it; IndexedDB holds the truth. */
export const useOutbox = create<OutboxView>()(() => ({ owner: null, items: [], loaded: false, sendingId: null }));

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('complaint-desk-outbox');
channel?.addEventListener('message', () => void refreshOutbox({ broadcast: false }));

const ownerNow = () => useRootStore.getState().auth.user?.id ?? null;

// Another user (or none) now: nothing of the last one's queue stays on screen.
useRootStore.subscribe((state, before) => {
  if (state.auth.user?.id !== before.auth.user?.id) useOutbox.setState({ owner: null, items: [], loaded: false, sendingId: null });
});

/** The facts of the request fixed as it is queued: the misconduct's instant, and the device. */
const fixedFacts = (values: QueuedComplaint['values']) => ({
  dateOfMisconduct: requestBodyOf(values, []).dateOfMisconduct,
  device: deviceName(),
});

/** Whether an item may still be changed or discarded: never while it is sent or once it is. */
export class QueuedBusyError extends Error {
  constructor() {
    super('The complaint is being sent, or was sent');
    this.name = 'QueuedBusyError';
  }
}

/**
 * Whether a change to an item could register it twice: a try may have reached the server (its
 * answer lost) unless the server refused it (a refusal writes nothing). Such an item is left to
 * its next send; a refused or never-tried one may be changed.
 */
export const changeable = (item: QueuedComplaint) =>
  item.state === 'refused' || (item.state === 'waiting' && item.attempts === 0 && !item.triedOnline);

/** Reads the signed-in user's queue again (and tells the other tabs, unless they told us). */
export async function refreshOutbox({ broadcast = true } = {}) {
  const owner = ownerNow();
  if (owner === null) return useOutbox.setState({ owner: null, items: [], loaded: false });
  const cutoff = Date.now() - SENT_KEEP_DAYS * 86_400_000;
  const items = [];
  for (const item of await queuedOf(owner)) {
    if (item.state === 'sent' && item.sentAt && Date.parse(item.sentAt) < cutoff) await deleteQueued(item.id);
    else items.push(item);
  }
  if (ownerNow() !== owner) return;
  useOutbox.setState({ owner, items, loaded: true });
  const waiting = unsent(items);
  writeQueueCount(owner, { unsent: waiting.length, refused: waiting.filter((item) => item.state === 'refused').length });
  if (broadcast) channel?.postMessage('changed');
}

/** What the queue waits to send (waiting, being sent, or refused). */
export const unsent = (items: readonly QueuedComplaint[]) => items.filter((item) => item.state !== 'sent');

export interface NewQueued {
  values: QueuedComplaint['values'];
  labels: QueuedComplaint['labels'];
  photos: QueuedPhoto[];
  /** The key of a send already tried online (its answer lost): the same request again. */
  key?: string;
}

/** Puts a complaint in the signed-in user's queue; returns it. */
export async function enqueue({ values, labels, photos, key }: NewQueued): Promise<QueuedComplaint> {
  const owner = ownerNow();
  if (owner === null) throw new Error('No one is signed in');
  const item: QueuedComplaint = {
    id: newKey(),
    owner,
    madeAt: new Date().toISOString(),
    fixed: fixedFacts(values),
    values,
    labels,
    photos,
    key: key ?? newKey(),
    triedOnline: key !== undefined,
    state: 'waiting',
    photosSent: photos.filter((photo) => photo.fileId).length,
    attempts: 0,
    lastTriedAt: null,
    refusal: null,
    sentAt: null,
    refNo: null,
    complaintId: null,
  };
  await putQueued(item);
  // Kept: what follows only shows and sends it (a failure there must not make the form queue it again).
  await refreshOutbox().catch((error: unknown) => console.error('Reading the queue failed', error));
  // Asked once: the browser then keeps the queue and its photos under storage pressure.
  void navigator.storage?.persist?.().catch(() => false);
  void whenNetworkReturns();
  return item;
}

/**
 * Changes a queued complaint (from its Edit): a new request, so a new key; waiting again. Only
 * while `changeable` (checked in the write's own transaction: another tab may be sending it).
 */
export async function editQueued(id: string, change: Pick<QueuedComplaint, 'values' | 'labels' | 'photos'>) {
  await updateQueued(id, (item) => {
    if (!changeable(item)) throw new QueuedBusyError();
    return {
      ...item,
      ...change,
      fixed: fixedFacts(change.values),
      key: newKey(),
      triedOnline: false,
      state: 'waiting',
      refusal: null,
      photosSent: change.photos.filter((photo) => photo.fileId).length,
    };
  });
  await refreshOutbox();
  void whenNetworkReturns();
}

/** Discards a queued complaint: never one being sent or sent (it may be registered). */
export async function discardQueued(id: string) {
  await updateQueued(id, (item) => {
    if (item.state === 'sending' || item.state === 'sent') throw new QueuedBusyError();
    return item;
  });
  await deleteQueued(id);
  await refreshOutbox();
}

/** Lets the sent items go from the list. */
export async function clearSent() {
  for (const item of useOutbox.getState().items) if (item.state === 'sent') await deleteQueued(item.id);
  await refreshOutbox();
}

/** Why a send did not go through: `later` (no network, the server busy or down, the session ended) or refused for good. */
type Outcome = { kind: 'sent' } | { kind: 'later' } | { kind: 'refused'; refusal: QueuedRefusal };

function outcomeOf(failure: Failure): Outcome {
  const { status } = failure;
  // Not reached, the server's fault, throttled, the same key still being written, or a session
  // to sign in to again: the item waits, unchanged, for the next try.
  if (status === null || status >= 500 || status === 429 || status === 409 || status === 401 || status === 408) return { kind: 'later' };
  // A session that has not answered its second factor: nothing is wrong with the complaint.
  if (failure.kind === 'secondFactorRequired') return { kind: 'later' };
  const fieldErrors = failure.fieldErrors;
  const named = Object.values(fieldErrors)[0];
  const message = failure.problem?.detail ?? named ?? commonFailureMessage(failure, i18n.t, i18n.t('outbox.refusedDefault'));
  return { kind: 'refused', refusal: { message, fieldErrors, status } };
}

/** The complaint as the API takes it, from the queued form. */
function bodyOf(item: QueuedComplaint, fileIds: string[]): ComplaintInput {
  return {
    ...requestBodyOf(item.values, fileIds),
    ...(item.fixed ? { dateOfMisconduct: item.fixed.dateOfMisconduct } : {}),
    // Made without network: the server's history says when, and on what. A request first sent
    // online (its answer lost) is sent again exactly as it was.
    ...(item.triedOnline ? {} : { madeOffline: { at: item.madeAt, device: item.fixed?.device ?? deviceName() } }),
  };
}

async function sendPhoto(photo: QueuedPhoto): Promise<{ fileId: string } | Outcome> {
  if (!photo.file)
    return { kind: 'refused', refusal: { message: i18n.t('outbox.photoLost', { name: photo.name }), fieldErrors: {}, status: 0 } };
  const file = photo.file instanceof File ? photo.file : new File([photo.file], photo.name, { type: photo.file.type });
  try {
    const uploaded = await uploadImage(file, { idempotencyKey: photo.key });
    return { fileId: uploaded.id };
  } catch (error) {
    if (error instanceof UploadFailedError) return outcomeOf(error.failure);
    return { kind: 'later' };
  }
}

/** An upload this old may be gone from the server (it keeps one no complaint shows for a day). */
const STALE_UPLOAD_MS = 20 * 3_600_000;
const stale = (photo: QueuedPhoto) =>
  Boolean(photo.file && photo.uploadedAt && Date.now() - Date.parse(photo.uploadedAt) > STALE_UPLOAD_MS);

async function sendOne(item: QueuedComplaint, owner: number): Promise<Outcome> {
  // Every request goes with the session of the moment: only the owner's may send it.
  const ownersSession = () => ownerNow() === owner;
  const started = await updateQueued(item.id, (current) => ({
    ...current,
    state: 'sending',
    attempts: current.attempts + 1,
    lastTriedAt: new Date().toISOString(),
  }));
  if (!started) return { kind: 'later' };
  useOutbox.setState({ sendingId: item.id });
  await refreshOutbox();
  const fileIds: string[] = [];
  for (const [index, queued] of started.photos.entries()) {
    // Uploaded long ago: again, as a new upload (the old one may be gone).
    const photo = stale(queued) ? { ...queued, fileId: null, key: newKey() } : queued;
    if (photo.fileId) {
      fileIds.push(photo.fileId);
      continue;
    }
    if (!ownersSession()) return { kind: 'later' };
    const sent = await sendPhoto(photo);
    if (!('fileId' in sent)) return sent;
    fileIds.push(sent.fileId);
    const uploadedAt = new Date().toISOString();
    await updateQueued(item.id, (current) => ({
      ...current,
      photos: current.photos.map((p, i) => (i === index ? { ...p, key: photo.key, fileId: sent.fileId, uploadedAt } : p)),
      photosSent: Math.min(current.photos.length, current.photosSent + 1),
    }));
    await refreshOutbox();
  }
  if (!ownersSession()) return { kind: 'later' };
  try {
    const answer = await api
      .post(apiPaths.complaints, { json: bodyOf(started, fileIds), headers: { [IDEMPOTENCY_KEY_HEADER]: started.key } })
      .json<ComplaintResponse>();
    await updateQueued(item.id, (current) => ({
      ...current,
      state: 'sent',
      sentAt: new Date().toISOString(),
      refNo: answer.data.refNo,
      complaintId: answer.data.id,
      // Registered: the photos are the server's now; the phone lets its copies go.
      photos: current.photos.map((p) => ({ ...p, file: null })),
    }));
    return { kind: 'sent' };
  } catch (error) {
    return outcomeOf(await readFailure(error));
  }
}

/** Called after a send registered complaints (the screens fetch their lists again). */
const registeredListeners = new Set<() => void>();
export function onRegistered(listener: () => void): () => void {
  registeredListeners.add(listener);
  return () => registeredListeners.delete(listener);
}

let running: Promise<number> | null = null;

/**
 * After something was queued: a Background Sync where the browser has one (it fires when the
 * network returns), and a try at once if the browser thinks it is online.
 */
async function whenNetworkReturns() {
  try {
    await requestBackgroundSync();
    if (navigator.onLine !== false) await sendOutbox();
  } catch (error) {
    // The next try (online, every minute, the next app open) sends it.
    console.error('Sending the queue failed', error);
  }
}

/**
 * Sends what waits in the signed-in user's queue, oldest first; stops at the first send that
 * must wait (no network), goes past a refused one. One tab sends at a time (a Web Lock); the
 * keys make a second send harmless anyway. Resolves to how many were registered.
 */
export function sendOutbox(): Promise<number> {
  running ??= withOneSender(sendAll).finally(() => {
    running = null;
  });
  return running;
}

async function withOneSender(send: () => Promise<number>): Promise<number> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return send();
  return locks.request('complaint-desk-outbox', { ifAvailable: true }, (lock) => (lock ? send() : 0));
}

async function sendAll(): Promise<number> {
  const owner = ownerNow();
  if (owner === null || !useRootStore.getState().auth.token) return 0;
  let registered = 0;
  try {
    for (const item of await queuedOf(owner)) {
      if (item.state !== 'waiting' && item.state !== 'sending') continue;
      if (ownerNow() !== owner) break;
      const outcome = await sendOne(item, owner);
      if (outcome.kind === 'sent') {
        registered += 1;
        registeredListeners.forEach((listener) => listener());
        continue;
      }
      await updateQueued(item.id, (current) => ({
        ...current,
        state: outcome.kind === 'refused' ? 'refused' : 'waiting',
        refusal: outcome.kind === 'refused' ? outcome.refusal : current.refusal,
      }));
      if (outcome.kind === 'later') break;
    }
  } finally {
    useOutbox.setState({ sendingId: null });
    await refreshOutbox();
  }
  return registered;
}
