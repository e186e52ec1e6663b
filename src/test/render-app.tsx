import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createAppRouter } from '@/app/router';
import { endSessionOnUnauthorized } from '@/app/session-expiry';
import { askSecondFactor } from '@/features/profile/step-up';
import { onSecondFactorRequired } from '@/lib/api-client';
import './render';

/**
 * The whole app at `path`: the real route tree with its guards and layouts, the global
 * 401 handling and second-factor step-up, a fresh query cache without retries, and a memory history.
 */
export function renderApp(path: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  endSessionOnUnauthorized(router, queryClient);
  onSecondFactorRequired(askSecondFactor);
  const result = render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, queryClient };
}
