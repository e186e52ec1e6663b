import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { ComplaintFormValues } from './complaint-form-rules';

/*
 * What the phone keeps for the field (issue 47), in IndexedDB through `idb`: the queue of
 * complaints made without network, with their photos as they were taken (the files themselves,
 * EXIF and all). Everything is its owner's: another user on the device never sees it.
 */

/** A photo waiting with its complaint: the file as taken, or already stored on the server. */
export interface QueuedPhoto {
  /** Its `Idempotency-Key` for `POST files`: the same upload however often it is sent. */
  key: string;
  name: string;
  /** The file, untouched; let go once the complaint is registered. */
  file: Blob | null;
  /** Set once uploaded (or when it was uploaded before the network went). */
  fileId: string | null;
  /**
   * When it was uploaded (ISO): the server lets an upload no complaint shows go after a day, so an
   * older one is uploaded again (under a new key) before the complaint is sent.
   */
  uploadedAt?: string | null;
}

/** What the queue knows of a send that did not go through for good. */
export interface QueuedRefusal {
  /** The server's words, in the user's language as it was read. */
  message: string;
  /** The fields the server named, with their messages (the form shows them when the item is edited). */
  fieldErrors: Record<string, string>;
  /** HTTP status (422 refused, 403 not allowed, …). */
  status: number;
}

export type QueuedState = 'waiting' | 'sending' | 'refused' | 'sent';

/** One complaint in the queue of one user on this device. */
export interface QueuedComplaint {
  id: string;
  /** The user who made it: only they see it, only their session sends it. */
  owner: number;
  /** When Register was pressed (ISO): sent as `madeOffline.at`. */
  madeAt: string;
  /**
   * What the request says that the device could say otherwise later, fixed when it was queued
   * (or changed): every try sends the same body under its key.
   */
  fixed?: { dateOfMisconduct: string; device: string };
  /** The form as typed: what is sent, and what Edit opens with. */
  values: ComplaintFormValues;
  /** The words of the choices when it was made (the list shows them without the options). */
  labels: { typeOfOffence: string; contractor: string; contract: string };
  photos: QueuedPhoto[];
  /** Its `Idempotency-Key` for `POST complaints`: a new one when the item is edited. */
  key: string;
  /** First sent online and its answer lost: sent again exactly as it was (no `madeOffline`). */
  triedOnline: boolean;
  state: QueuedState;
  /** Photos sent of this try (the progress shown). */
  photosSent: number;
  attempts: number;
  lastTriedAt: string | null;
  /** Why the server refused it; kept until it is edited or discarded. */
  refusal: QueuedRefusal | null;
  /** Once registered: when, and as what. */
  sentAt: string | null;
  refNo: string | null;
  complaintId: number | null;
}

interface FieldDb extends DBSchema {
  outbox: { key: string; value: QueuedComplaint; indexes: { owner: number } };
}

export const FIELD_DB_NAME = 'complaint-desk-field';

let opening: Promise<IDBPDatabase<FieldDb>> | null = null;

/** The one database of the field app; opened when first needed. */
export function fieldDb(): Promise<IDBPDatabase<FieldDb>> {
  opening ??= openDB<FieldDb>(FIELD_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('outbox', { keyPath: 'id' }).createIndex('owner', 'owner');
    },
    // Another tab of a newer release wants to upgrade: let it, and open again when next needed.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
  });
  return opening;
}

/** The owner's queue, oldest first. */
export async function queuedOf(owner: number): Promise<QueuedComplaint[]> {
  const items = await (await fieldDb()).getAllFromIndex('outbox', 'owner', owner);
  return items.sort((a, b) => a.madeAt.localeCompare(b.madeAt));
}

export async function putQueued(item: QueuedComplaint): Promise<void> {
  await (await fieldDb()).put('outbox', item);
}

export async function getQueued(id: string): Promise<QueuedComplaint | undefined> {
  return (await fieldDb()).get('outbox', id);
}

export async function deleteQueued(id: string): Promise<void> {
  await (await fieldDb()).delete('outbox', id);
}

/** Changes one item in a transaction of its own (two tabs never lose each other's change); returns it changed, or null when gone. */
export async function updateQueued(id: string, change: (item: QueuedComplaint) => QueuedComplaint): Promise<QueuedComplaint | null> {
  const tx = (await fieldDb()).transaction('outbox', 'readwrite');
  const item = await tx.store.get(id);
  if (!item) {
    await tx.done;
    return null;
  }
  const changed = change(item);
  await tx.store.put(changed);
  await tx.done;
  return changed;
}
