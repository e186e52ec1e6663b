import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { MenuGroup, User } from '@contract';

/** Client state of SPEC §3: three slices, persisted together under the key `root`. */
export interface DashboardState {
  asideShow: boolean;
  sidebarShow: boolean;
  sidebarUnfoldable: boolean;
  theme: string;
  sidebarMenus: MenuGroup[];
}
export interface AuthState {
  token: string | null;
  user: User | null;
}
export interface RememberState {
  value: string;
}

export interface RootState {
  dashboard: DashboardState;
  auth: AuthState;
  remember: RememberState;
  setDashboard: <K extends keyof DashboardState>(key: K, value: DashboardState[K]) => void;
  setToken: (token: string | null) => void;
  setUser: (user: User | null) => void;
  clearAuth: () => void;
  setRemember: (value: string) => void;
  clearRemember: () => void;
  /** Logout: the session and the stored menu list go; preferences stay. */
  signOut: () => void;
}

export const PERSIST_KEY = 'root';
export const HYDRATION_TIMEOUT_MS = 5000;

export const initialDashboard: DashboardState = {
  asideShow: false,
  sidebarShow: true,
  sidebarUnfoldable: false,
  theme: 'light',
  sidebarMenus: [],
};
const initialAuth: AuthState = { token: null, user: null };

export const useRootStore = create<RootState>()(
  persist(
    (set) => ({
      dashboard: initialDashboard,
      auth: initialAuth,
      remember: { value: '' },
      setDashboard: (key, value) => set((s) => ({ dashboard: { ...s.dashboard, [key]: value } })),
      setToken: (token) => set((s) => ({ auth: { ...s.auth, token } })),
      setUser: (user) => set((s) => ({ auth: { ...s.auth, user } })),
      clearAuth: () => set({ auth: initialAuth }),
      setRemember: (value) => set({ remember: { value } }),
      clearRemember: () => set({ remember: { value: '' } }),
      signOut: () => set((s) => ({ auth: initialAuth, dashboard: { ...s.dashboard, sidebarMenus: [] } })),
    }),
    {
      name: PERSIST_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ dashboard, auth, remember }) => ({ dashboard, auth, remember }),
      // A stored slice may predate a field: fill what is missing from the defaults.
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<Pick<RootState, 'dashboard' | 'auth' | 'remember'>>;
        return {
          ...current,
          dashboard: { ...current.dashboard, ...p.dashboard },
          auth: { ...current.auth, ...p.auth },
          remember: { ...current.remember, ...p.remember },
        };
      },
    },
  ),
);

/** Resolves once the persisted state is restored, or after `timeoutMs` at the latest. */
export function waitForHydration(timeoutMs = HYDRATION_TIMEOUT_MS): Promise<void> {
  const { persist: p } = useRootStore;
  if (p.hasHydrated()) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    const unsubscribe = p.onFinishHydration(done);
    function done() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
  });
}
