import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from '@/routeTree.gen';
import { PageLoader } from '@/components/page-loader';
import { RenderErrorPage } from '@/components/status-page';

/** `history` for tests (a memory history); the browser's by default. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingComponent: PageLoader,
    defaultErrorComponent: ({ error, reset }) => <RenderErrorPage error={error} reset={reset} />,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** i18n key of the route's title; breadcrumbs and page headings read it. */
    title?: string;
  }
}
