import { HTTPError } from 'ky';
import { useRootStore } from '@/stores/root-store';
import { useCopyAges } from './copy-ages';

/*
 * What the app may show with no network (issue 47): an answer fetched online is kept on the
 * device, per user, in the Cache API (no library: every screen that keeps one pays nothing for
 * it); when the network is not there, the last copy answers instead, and the screen says how old
 * it is. Only for what the field needs (the complaint form's options, History's first page):
 * never a call that changes anything. Signing out lets the user's copies go.
 */

const CACHE = 'complaint-desk-copies';
const SAVED_AT = 'x-saved-at';

export { useCopyAges };

const keyOf = (owner: number, name: string) => `/offline-copies/${owner}/${encodeURIComponent(name)}`;
const available = () => typeof caches !== 'undefined';

/** Copies of one kind (before its `:`, e.g. each History first page seen) a user keeps at most: the latest. */
const KEEP_OF_A_KIND = 8;

async function saveCopy(owner: number, name: string, data: unknown) {
  const cache = await caches.open(CACHE);
  const headers = { 'content-type': 'application/json', [SAVED_AT]: new Date().toISOString() };
  await cache.put(keyOf(owner, name), new Response(JSON.stringify(data), { headers }));
  const kind = name.indexOf(':');
  if (kind < 0) return;
  const prefix = new URL(keyOf(owner, name.slice(0, kind + 1)), window.location.origin).href;
  const sameKind = [];
  for (const request of await cache.keys()) {
    if (!request.url.startsWith(prefix)) continue;
    sameKind.push({ request, savedAt: (await cache.match(request))?.headers.get(SAVED_AT) ?? '' });
  }
  sameKind.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
  for (const { request } of sameKind.slice(KEEP_OF_A_KIND)) await cache.delete(request);
}

async function readCopy(owner: number, name: string): Promise<{ data: unknown; savedAt: string } | null> {
  const response = await (await caches.open(CACHE)).match(keyOf(owner, name));
  if (!response) return null;
  return { data: await response.json(), savedAt: response.headers.get(SAVED_AT) ?? new Date(0).toISOString() };
}

/**
 * `fetch` through the network; when that fails without an answer (no network), the last copy
 * kept for the signed-in user under `name`, if any. A query using it sets `OFFLINE_COPY_QUERY`,
 * so it is asked offline too.
 */
export async function withOfflineCopy<T>(name: string, fetch: () => Promise<T>): Promise<T> {
  const owner = useRootStore.getState().auth.user?.id ?? null;
  try {
    const data = await fetch();
    // Kept for whoever asked, if they are still the one signed in (not after a sign-out meanwhile).
    if (owner !== null && available() && useRootStore.getState().auth.user?.id === owner)
      void saveCopy(owner, name, data).catch(() => undefined);
    if (useCopyAges.getState()[name]) useCopyAges.setState((ages) => omit(ages, name), true);
    return data;
  } catch (error) {
    // An answer from the server (a 4xx, a 5xx) is the truth; only a missing one turns to the copy.
    if (owner === null || error instanceof HTTPError || !available()) throw error;
    const copy = await readCopy(owner, name).catch(() => null);
    if (!copy) throw error;
    useCopyAges.setState({ [name]: copy.savedAt });
    return copy.data as T;
  }
}

const omit = (ages: Record<string, string>, name: string) => Object.fromEntries(Object.entries(ages).filter(([key]) => key !== name));

/** Signing out: the user's copies go (what another user of the device must not see). */
export async function dropOfflineCopies(owner: number): Promise<void> {
  if (!available()) return;
  const cache = await caches.open(CACHE);
  const prefix = new URL(`/offline-copies/${owner}/`, window.location.origin).href;
  for (const request of await cache.keys()) if (request.url.startsWith(prefix)) await cache.delete(request);
}

// Signing out (or a session ending) lets the user's copies go; copies of anyone else still on
// the device (a session that ended while this code was not loaded) go when it next loads.
if (typeof window !== 'undefined' && available()) {
  const signedIn = () => useRootStore.getState().auth.user?.id ?? null;
  useRootStore.subscribe((state, before) => {
    const left = before.auth.user?.id;
    if (left !== undefined && state.auth.user?.id !== left) void dropOfflineCopies(left).catch(() => undefined);
  });
  void caches
    .open(CACHE)
    .then(async (cache) => {
      const mine = new URL(`/offline-copies/${signedIn()}/`, window.location.origin).href;
      for (const request of await cache.keys()) if (!request.url.startsWith(mine)) await cache.delete(request);
    })
    .catch(() => undefined);
}
