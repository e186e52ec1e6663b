import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { useInitialColorMode } from '@/components/use-initial-color-mode';
import { NotFoundPage } from '@/components/status-page';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFoundPage,
});

function Root() {
  useInitialColorMode();
  return <Outlet />;
}
