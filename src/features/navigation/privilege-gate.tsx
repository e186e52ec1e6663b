import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { menuItems } from '@contract/menu-items';
import { PageLoader } from '@/components/page-loader';
import { ForbiddenPage } from '@/components/status-page';
import { useRootStore } from '@/stores/root-store';
import { menuQueries } from './api';

const MENU_URLS = new Set<string>(Object.values(menuItems).map((item) => item.url));

/**
 * A screen of the menu opens only for a caller whose menu lists it (the matrix's `view`);
 * typed or linked by anyone else, it is a 403 page inside the shell. Until the menu is known,
 * a loader. If the menu cannot be had, the screen opens: the server refuses its calls anyway.
 */
export function PrivilegeGate({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const cached = useRootStore((s) => s.dashboard.sidebarMenus);
  // The sidebar's own query: one request, and the same answer for both.
  const { data, isError } = useQuery({
    ...menuQueries.privileges(),
    initialData: cached.length > 0 ? cached : undefined,
    initialDataUpdatedAt: 0,
  });
  const path = pathname.replace(/\/+$/, '') || '/';
  if (!MENU_URLS.has(path)) return children;
  if (!data) return isError ? children : <PageLoader />;
  const allowed = data.some((group) => group.menuItems.some((item) => item.url === path));
  return allowed ? children : <ForbiddenPage />;
}
