import { useSyncExternalStore } from 'react';

/*
 * How many complaints wait in a user's queue on this device, kept beside the queue itself
 * (IndexedDB, outbox-db.ts) in localStorage: the header's badge reads it on every screen without
 * loading the queue's code, which comes only when something waits (issue 47).
 */

export interface QueueCount {
  /** Waiting, being sent, or refused. */
  unsent: number;
  refused: number;
}

const NONE: QueueCount = { unsent: 0, refused: 0 };
const CHANGED = 'complaint-desk-queue-count';
const keyOf = (owner: number) => `complaint-desk-queue:${owner}`;

export function readQueueCount(owner: number | null): QueueCount {
  if (owner === null) return NONE;
  try {
    const stored = JSON.parse(localStorage.getItem(keyOf(owner)) ?? 'null') as QueueCount | null;
    return stored && typeof stored.unsent === 'number' ? stored : NONE;
  } catch {
    return NONE;
  }
}

/** Written by the queue whenever it changes; every tab's badge follows (the storage event). */
export function writeQueueCount(owner: number, count: QueueCount) {
  if (count.unsent === 0) localStorage.removeItem(keyOf(owner));
  else localStorage.setItem(keyOf(owner), JSON.stringify(count));
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(changed: () => void) {
  window.addEventListener(CHANGED, changed);
  window.addEventListener('storage', changed);
  return () => {
    window.removeEventListener(CHANGED, changed);
    window.removeEventListener('storage', changed);
  };
}

/** The owner's count, as it changes (the same object while unchanged). */
export function useQueueCount(owner: number | null): QueueCount {
  const text = useSyncExternalStore(subscribe, () => (owner === null ? null : localStorage.getItem(keyOf(owner))));
  // Parsed from the stored text, so a render sees a new object only when the count changed.
  return text === null ? NONE : readQueueCount(owner);
}
