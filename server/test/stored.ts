import { buffer } from 'node:stream/consumers';
import type { Storage } from '../services/storage';

/** Every key a storage holds, sorted. */
export async function keysOf(storage: Storage) {
  const keys: string[] = [];
  for await (const { key } of storage.list()) keys.push(key);
  return keys.sort();
}

/** Whether any object of the storage holds exactly these bytes. */
export async function holds(storage: Storage, bytes: Uint8Array) {
  for (const key of await keysOf(storage)) {
    const body = await storage.read(key);
    if (body && (await buffer(body)).equals(bytes)) return true;
  }
  return false;
}

/** Empties a test's own storage. */
export async function emptied(storage: Storage) {
  await storage.remove(await keysOf(storage));
}
