import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useRootStore } from '@/stores/root-store';
import { menuQueries } from './api';

/** SPEC §2: the spinner hides this long after the menu is built. */
export const MENU_SPINNER_HIDE_DELAY_MS = 500;

/**
 * The sidebar groups: shown from app state at once, refreshed from the server, and kept in
 * app state (SPEC §7). The spinner stays until 500 ms after a fresh menu, and stops on failure.
 */
export function useSidebarMenu() {
  const cached = useRootStore((s) => s.dashboard.sidebarMenus);
  const setDashboard = useRootStore((s) => s.setDashboard);
  const query = useQuery({
    ...menuQueries.privileges(),
    initialData: cached.length > 0 ? cached : undefined,
    initialDataUpdatedAt: 0,
  });
  const { data, isError, isFetching, dataUpdatedAt } = query;
  // The menu build whose 500 ms have run out; until then the spinner stays.
  const [settledBuild, setSettledBuild] = useState(-1);

  useEffect(() => {
    if (data && dataUpdatedAt > 0) setDashboard('sidebarMenus', data);
  }, [data, dataUpdatedAt, setDashboard]);

  useEffect(() => {
    if (isFetching || isError) return;
    const timer = setTimeout(() => setSettledBuild(dataUpdatedAt), MENU_SPINNER_HIDE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isFetching, isError, dataUpdatedAt]);

  const spinning = !isError && (isFetching || settledBuild !== dataUpdatedAt);
  // The server answered with no group at all: an account without a role.
  const empty = !spinning && !isError && data?.length === 0;
  return { groups: data ?? [], spinning, empty };
}
