import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type { PrivilegeAction, PrivilegeMatrix } from '@contract';
import { api } from '@/lib/api-client';
import { auditQueries } from '@/lib/audit-queries';

/** The one query factory of the privilege matrix. */
export const privilegeQueries = {
  matrix: () =>
    queryOptions({
      queryKey: ['privileges', 'matrix'],
      queryFn: async () => (await api.get(apiPaths.privilegeMatrix).json<{ data: PrivilegeMatrix }>()).data,
    }),
};

export type Rows = Record<string, PrivilegeAction[]>;

export function useSaveRows() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userTypeId, version, grants }: { userTypeId: number; version: number; grants: Rows }) =>
      (await api.put(apiPaths.privilegeRows(userTypeId), { json: { version, grants } }).json<{ data: PrivilegeMatrix }>()).data,
    onSuccess: (matrix) => {
      queryClient.setQueryData(privilegeQueries.matrix().queryKey, matrix);
      // The caller's own sidebar may have changed too; it follows on its next read.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: auditQueries.all() }),
        queryClient.invalidateQueries({ queryKey: ['menu'] }),
      ]);
    },
  });
}
