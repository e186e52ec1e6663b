import { beforeEach, describe, expect, it } from 'vitest';
import { mySessionsResponseSchema, signInResponseSchema } from '../contract/auth';
import { DEMO_PASSWORD, demoAccounts } from '../fixtures';
import { connectApi, expectProblem, readAs } from './support/api';

const api = connectApi();
beforeEach(() => api.reset());

const CHROME_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** A new session of that demo account, signed in from a browser that names itself so. */
async function signInFrom(role: keyof typeof demoAccounts, userAgent: string) {
  const res = await api.call('POST', 'api/v1/auth/sign-in', {
    body: { email: demoAccounts[role].email, password: DEMO_PASSWORD },
    headers: { 'user-agent': userAgent },
  });
  return { token: readAs(signInResponseSchema, res).data.token };
}
const sessionsOf = async (as: { token: string }) =>
  readAs(mySessionsResponseSchema, await api.call('GET', 'api/v1/me/sessions', { as })).data.items;
const meStatus = async (as: { token: string }) => (await api.call('GET', 'api/v1/me', { as })).status;

describe('your sessions', () => {
  it('lists every live session of the user with its browser, address and times, the current one first', async () => {
    const laptop = await signInFrom('officer', CHROME_ON_LINUX);
    const desktop = await signInFrom('officer', FIREFOX_ON_WINDOWS);
    const phone = await signInFrom('officer', SAFARI_ON_IPHONE);
    await signInFrom('verifier', CHROME_ON_LINUX);

    const items = await sessionsOf(desktop);
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({ current: true, browser: 'Firefox 133 on Windows' });
    expect(items.filter((s) => s.current)).toHaveLength(1);
    expect(items.map((s) => s.browser).sort()).toEqual(['Chrome 142 on Linux', 'Firefox 133 on Windows', 'Safari 18 on iOS']);
    for (const session of items) {
      expect(session.address).toBeTruthy();
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(session.signedInAt));
    }
    // Each session sees itself as the current one.
    expect((await sessionsOf(laptop)).find((s) => s.current)!.browser).toBe('Chrome 142 on Linux');
    expect((await sessionsOf(phone)).find((s) => s.current)!.browser).toBe('Safari 18 on iOS');
  });

  it('signs out one session of its own: that token is refused from then on, the others go on', async () => {
    const laptop = await signInFrom('officer', CHROME_ON_LINUX);
    const desktop = await signInFrom('officer', FIREFOX_ON_WINDOWS);
    const target = (await sessionsOf(laptop)).find((s) => !s.current)!;
    const res = await api.call('DELETE', `api/v1/me/sessions/${target.id}`, { as: laptop });
    expect(res.status).toBe(204);
    expect(await meStatus(desktop)).toBe(401);
    expect(await meStatus(laptop)).toBe(200);
    expect((await sessionsOf(laptop)).map((s) => s.id)).not.toContain(target.id);
    // Ended already: there is nothing to sign out.
    expectProblem(await api.call('DELETE', `api/v1/me/sessions/${target.id}`, { as: laptop }), 404);
  });

  it("never signs out another user's session, and answers an unknown or malformed id alike", async () => {
    const officer = await signInFrom('officer', CHROME_ON_LINUX);
    const verifier = await signInFrom('verifier', FIREFOX_ON_WINDOWS);
    const verifiersOwn = (await sessionsOf(verifier))[0]!;
    expectProblem(await api.call('DELETE', `api/v1/me/sessions/${verifiersOwn.id}`, { as: officer }), 404);
    expect(await meStatus(verifier)).toBe(200);
    expectProblem(await api.call('DELETE', 'api/v1/me/sessions/00000000-0000-4000-8000-000000000000', { as: officer }), 404);
    expectProblem(await api.call('DELETE', 'api/v1/me/sessions/not-a-session', { as: officer }), 400);
    expectProblem(await api.call('GET', 'api/v1/me/sessions'), 401);
    expectProblem(await api.call('DELETE', 'api/v1/me/sessions'), 401);
    expectProblem(await api.call('DELETE', `api/v1/me/sessions/${verifiersOwn.id}`), 401);
  });

  it('signs out every other session at once, keeping the one that asked', async () => {
    const kept = await signInFrom('contractor', CHROME_ON_LINUX);
    const others = [await signInFrom('contractor', FIREFOX_ON_WINDOWS), await signInFrom('contractor', SAFARI_ON_IPHONE)];
    const verifier = await signInFrom('verifier', CHROME_ON_LINUX);
    expect((await api.call('DELETE', 'api/v1/me/sessions', { as: kept })).status).toBe(204);
    for (const other of others) expect(await meStatus(other)).toBe(401);
    expect(await meStatus(kept)).toBe(200);
    expect(await meStatus(verifier)).toBe(200);
    expect((await sessionsOf(kept)).map((s) => s.current)).toEqual([true]);
  });
});
