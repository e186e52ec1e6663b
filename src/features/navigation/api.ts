import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type { MenuGroup, MenuPrivilegesResponse } from '@contract';
import { api } from '@/lib/api-client';

export async function fetchMenuPrivileges(): Promise<MenuGroup[]> {
  const body = await api.get(apiPaths.menuPrivileges).json<MenuPrivilegesResponse>();
  return body.data.items;
}

export const menuQueries = {
  all: () => ['menu'] as const,
  privileges: () => queryOptions({ queryKey: [...menuQueries.all(), 'privileges'], queryFn: fetchMenuPrivileges }),
};
