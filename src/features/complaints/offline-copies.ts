import { HTTPError } from 'ky';
import { create } from 'zustand';
import { useRootStore } from '@/stores/root-store';
import { readCopy, saveCopy } from './outbox-db';

/*
 * What the app may show with no network (issue 47): an answer fetched online is kept on the
 * phone, per user; when the network is not there, the last copy answers instead, and the screen
 * says how old it is. Only for what the field needs (the complaint form's options, History's
 * first page): never a call that changes anything.
 */

/** When each copy now shown was fetched (ISO), by name; absent while answers are live. */
export const useCopyAges = create<Record<string, string>>()(() => ({}));

/**
 * `fetch` through the network; when that fails without an answer (no network), the last copy
 * kept for the signed-in user under `name`, if any. A query using it sets `networkMode: 'always'`,
 * so it is asked offline too.
 */
export async function withOfflineCopy<T>(name: string, fetch: () => Promise<T>): Promise<T> {
  const owner = useRootStore.getState().auth.user?.id ?? null;
  try {
    const data = await fetch();
    if (owner !== null) void saveCopy(owner, name, data).catch(() => undefined);
    if (useCopyAges.getState()[name]) useCopyAges.setState((ages) => omit(ages, name), true);
    return data;
  } catch (error) {
    // An answer from the server (a 4xx, a 5xx) is the truth; only a missing one turns to the copy.
    if (owner === null || error instanceof HTTPError) throw error;
    const copy = await readCopy(owner, name).catch(() => undefined);
    if (!copy) throw error;
    useCopyAges.setState({ [name]: copy.savedAt });
    return copy.data as T;
  }
}

const omit = (ages: Record<string, string>, name: string) => Object.fromEntries(Object.entries(ages).filter(([key]) => key !== name));

/** The query settings of an answer kept for offline use. */
export const OFFLINE_COPY_QUERY = { networkMode: 'always', retry: 0 } as const;
