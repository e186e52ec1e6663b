import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterContextProvider,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { ReactNode } from 'react';
import en from '../../public/locales/en/translation.json';
import { useRootStore } from '@/stores/root-store';
import { demoAccounts } from '@fixtures';
import { createSession } from '@mocks/session';

await i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

/**
 * Signs the store in as a fixture account, with a session of the mock API that answered its
 * second factor, as signing in gives one whose type requires it (issue 45); `secondFactor: false`
 * for a session that has not.
 */
export function signInAs(role: keyof typeof demoAccounts, { secondFactor = true } = {}) {
  const account = demoAccounts[role];
  const { password: _password, userTypeKey: _key, ...user } = account;
  useRootStore.getState().setToken(createSession(account.id, undefined, { secondFactor }).token);
  useRootStore.getState().setUser(user);
}

/**
 * Renders `ui` at `path` inside the providers the app has: Mantine (test env), a fresh
 * query cache without retries, i18n in English and a memory router; `strict` mounts it
 * the way StrictMode does in development (effects run, are cleaned up, and run again).
 */
export function renderWithApp(ui: ReactNode, { path = '/', strict = false }: { path?: string; strict?: boolean } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const pageRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    component: () => <>{ui}</>,
  });
  const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <>{ui}</> });
  const router = createRouter({
    routeTree: rootRoute.addChildren([indexRoute, pageRoute]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  // The router mounts its matches in a way that skips StrictMode's second run of effects,
  // so a strict render puts `ui` straight under the router's context instead.
  const result = render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        {strict ? <RouterContextProvider router={router}>{ui}</RouterContextProvider> : <RouterProvider router={router} />}
      </QueryClientProvider>
    </MantineProvider>,
    { reactStrictMode: strict },
  );
  return { ...result, router, queryClient };
}
