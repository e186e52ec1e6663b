import { useMemo } from 'react';
import type { PrivilegeAction } from '@contract';
import { useRootStore } from '@/stores/root-store';

const NONE: readonly PrivilegeAction[] = [];

/**
 * What the privilege matrix lets the caller do on the menu item at `url`, as the server
 * told the sidebar: a screen shows only the buttons that will work. The server still checks.
 */
export function useMenuActions(url: string): ReadonlySet<PrivilegeAction> {
  const actions = useRootStore(
    (s) => s.dashboard.sidebarMenus.flatMap((group) => group.menuItems).find((item) => item.url === url)?.actions ?? NONE,
  );
  return useMemo(() => new Set(actions), [actions]);
}
