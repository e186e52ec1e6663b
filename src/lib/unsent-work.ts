/*
 * Work this device holds that the server has not yet (issue 47: complaints waiting to send):
 * signing out asks first when there is any. A feature that keeps such work says how much.
 */

const counters = new Set<() => number>();

/** Registers how much unsent work a feature holds now; returns how to stop. */
export function countUnsentWith(count: () => number): () => void {
  counters.add(count);
  return () => counters.delete(count);
}

/** How many things wait to be sent, all features together. */
export const unsentWork = () => [...counters].reduce((sum, count) => sum + count(), 0);
