import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { CatchBoundary, RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_LIMIT, TOAST_WIDTH, useToastContainerWanted } from '@/lib/toast';
import { cssVariablesResolver, themeIn } from './theme';
import './long-words.css';
import toastClasses from './toasts.module.css';
import type { createAppRouter } from './router';

// Fetched with the first toast (see lib/toast.ts); precached for the installed app. Should its code
// not come (no network, no installed app), the toasts are gone until the next load instead of the
// page going down: the router's own boundary, already in every page's start-up code.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

interface AppProps {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}

export function App({ queryClient, router }: AppProps) {
  const toastsWanted = useToastContainerWanted();
  const { t } = useTranslation();
  const closeLabel = t('common.close');
  const theme = useMemo(() => themeIn(closeLabel), [closeLabel]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {toastsWanted && (
        <CatchBoundary getResetKey={() => 'toasts'} errorComponent={() => null}>
          <Suspense fallback={null}>
            <Notifications
              position="top-right"
              limit={TOAST_LIMIT}
              containerWidth={TOAST_WIDTH}
              classNames={{ root: toastClasses.toasts }}
              // Above modals (200), below menus and popovers (300): the header's menus open over a
              // toast. The bell's dropdown alone sits lower (240), so the toast answering a move
              // made in it (its Undo) shows over it.
              zIndex={250}
            />
          </Suspense>
        </CatchBoundary>
      )}
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
