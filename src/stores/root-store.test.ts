import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialDashboard, PERSIST_KEY, useRootStore, waitForHydration } from './root-store';

const menus = [{ name: 'Manage User', icon: '/i.png', menuItems: [{ name: 'Users', url: '/manage-user/user' }] }];
const stored = () => JSON.parse(localStorage.getItem(PERSIST_KEY) ?? 'null');

afterEach(() => {
  useRootStore.setState({ dashboard: initialDashboard, auth: { token: null, user: null }, remember: { value: '' } });
});

describe('root store', () => {
  it('starts with the defaults of SPEC §3', () => {
    const s = useRootStore.getState();
    expect(s.dashboard).toEqual({
      asideShow: false,
      sidebarShow: true,
      sidebarUnfoldable: false,
      theme: 'light',
      sidebarMenus: [],
    });
    expect(s.auth).toEqual({ token: null, user: null });
    expect(s.remember).toEqual({ value: '' });
  });

  it('sets dashboard fields directly and replaces the menus as a whole', () => {
    const s = useRootStore.getState();
    s.setDashboard('sidebarShow', false);
    s.setDashboard('sidebarMenus', menus);
    s.setDashboard('sidebarMenus', [menus[0]!]);
    expect(useRootStore.getState().dashboard).toMatchObject({ sidebarShow: false, sidebarMenus: menus });
  });

  it('persists every slice under the key root', () => {
    const s = useRootStore.getState();
    s.setToken('t-1');
    s.setRemember('officer@example.com');
    s.setDashboard('asideShow', true);
    expect(stored().state).toMatchObject({
      auth: { token: 't-1', user: null },
      remember: { value: 'officer@example.com' },
      dashboard: { asideShow: true },
    });
  });

  it('clears auth to nulls and remember to an empty string', () => {
    const s = useRootStore.getState();
    s.setToken('t-1');
    s.setRemember('a@b.c');
    s.clearAuth();
    s.clearRemember();
    expect(useRootStore.getState().auth).toEqual({ token: null, user: null });
    expect(useRootStore.getState().remember.value).toBe('');
  });

  it('signs out: the session and the stored menu list go, the remembered e-mail stays', () => {
    const s = useRootStore.getState();
    s.setToken('t-1');
    s.setDashboard('sidebarMenus', menus);
    s.setDashboard('sidebarShow', false);
    s.setRemember('a@b.c');
    s.signOut();
    const after = useRootStore.getState();
    expect(after.auth).toEqual({ token: null, user: null });
    expect(after.dashboard.sidebarMenus).toEqual([]);
    expect(after.dashboard.sidebarShow).toBe(false);
    expect(after.remember.value).toBe('a@b.c');
  });

  it('restores what was stored, filling fields the stored copy lacks', async () => {
    localStorage.setItem(
      PERSIST_KEY,
      JSON.stringify({ state: { auth: { token: 'kept', user: null }, dashboard: { sidebarShow: false } }, version: 0 }),
    );
    await useRootStore.persist.rehydrate();
    const s = useRootStore.getState();
    expect(s.auth.token).toBe('kept');
    expect(s.dashboard.sidebarShow).toBe(false);
    expect(s.dashboard.theme).toBe('light');
    expect(s.remember.value).toBe('');
  });

  it('waits for the restore, but never longer than the timeout', async () => {
    await expect(waitForHydration()).resolves.toBeUndefined();
    vi.useFakeTimers();
    const hasHydrated = vi.spyOn(useRootStore.persist, 'hasHydrated').mockReturnValue(false);
    let done = false;
    void waitForHydration(5000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(4999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    hasHydrated.mockRestore();
    vi.useRealTimers();
  });
});
