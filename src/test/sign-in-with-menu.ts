import { apiPaths } from '@contract/paths';
import type { MenuPrivilegesResponse } from '@contract';
import type { demoAccounts } from '@fixtures';
import { api } from '@/lib/api-client';
import { useRootStore } from '@/stores/root-store';
import { signInAs } from './render';

/**
 * Signs in as a fixture account and keeps that role's menu, with its allowed actions, in
 * the store, as the sidebar does after sign-in: screens read their buttons from it.
 */
export async function signInWithMenu(role: keyof typeof demoAccounts) {
  signInAs(role);
  const body = await api.get(apiPaths.menuPrivileges).json<MenuPrivilegesResponse>();
  useRootStore.getState().setDashboard('sidebarMenus', body.data.items);
}
