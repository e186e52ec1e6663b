import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '@contract/paths';
import type { ComplaintFormOptions } from '@contract';
import { server } from '@mocks/node';
import { api } from '@/lib/api-client';
import { useRootStore } from '@/stores/root-store';
import { signInAs } from '@/test/render';
import { dropOfflineCopies, useCopyAges, withOfflineCopy } from './offline-copies';

/** The Cache API as a browser has it (jsdom has none): requests by URL, responses as stored. */
class FakeCache {
  private entries = new Map<string, Response>();
  async put(request: string, response: Response) {
    this.entries.set(new URL(request, window.location.origin).href, response);
  }
  async match(request: string) {
    return this.entries.get(new URL(request, window.location.origin).href)?.clone();
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
  async delete(request: Request) {
    return this.entries.delete(request.url);
  }
}
const stores = new Map<string, FakeCache>();
vi.stubGlobal('caches', {
  open: async (name: string) => {
    if (!stores.has(name)) stores.set(name, new FakeCache());
    return stores.get(name)!;
  },
});

beforeEach(() => {
  useCopyAges.setState({}, true);
  signInAs('officer');
});

afterEach(() => stores.clear());

describe('withOfflineCopy', () => {
  const NAME = 'complaintFormOptions';
  const fetchOptions = () => api.get(apiPaths.complaintFormOptions).json<{ data: ComplaintFormOptions }>();
  const networkFails = () => server.use(http.get(`*/${apiPaths.complaintFormOptions}`, () => HttpResponse.error()));

  it('answers the signed-in user’s last copy when the network fails, and says when it was saved', async () => {
    const before = new Date().toISOString();
    const online = await withOfflineCopy(NAME, fetchOptions);
    expect(useCopyAges.getState()).toEqual({});
    networkFails();

    // The copy is saved in the background: the offline answer comes once it is there.
    expect(await vi.waitFor(() => withOfflineCopy(NAME, fetchOptions))).toEqual(online);
    const savedAt = useCopyAges.getState()[NAME]!;
    expect(savedAt >= before && savedAt <= new Date().toISOString()).toBe(true);

    signInAs('verifier');
    await expect(withOfflineCopy(NAME, fetchOptions)).rejects.toThrow(TypeError);
  });

  it('lets a user’s copies go when they sign out, and no one else’s', async () => {
    const answer = (who: string) => async () => ({ who });
    const noNetwork = async () => {
      throw new TypeError('Failed to fetch');
    };
    await withOfflineCopy(NAME, answer('officer'));
    signInAs('verifier');
    await withOfflineCopy(NAME, answer('verifier'));
    expect(await vi.waitFor(() => withOfflineCopy(NAME, noNetwork))).toEqual({ who: 'verifier' });

    await dropOfflineCopies(useRootStore.getState().auth.user!.id);
    await expect(withOfflineCopy(NAME, noNetwork)).rejects.toThrow(TypeError);
    signInAs('officer');
    await expect(withOfflineCopy(NAME, noNetwork)).resolves.toEqual({ who: 'officer' });
  });

  it('lets an answer from the server stand: a 500 is thrown, never answered from the copy', async () => {
    await withOfflineCopy(NAME, fetchOptions);
    networkFails();
    await vi.waitFor(() => withOfflineCopy(NAME, fetchOptions));
    useCopyAges.setState({}, true);

    server.use(http.get(`*/${apiPaths.complaintFormOptions}`, () => HttpResponse.json({ title: 'Oops', status: 500 }, { status: 500 })));
    await expect(withOfflineCopy(NAME, fetchOptions)).rejects.toMatchObject({ response: { status: 500 } });
    expect(useCopyAges.getState()).toEqual({});
  });
});
