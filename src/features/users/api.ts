import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type { AdminUser, InviteUser, ItemEnvelope, UpdateUser, UserListResponse } from '@contract';
import { api } from '@/lib/api-client';
import { auditQueries } from '@/lib/audit-queries';
import { definedParams, FETCH_LIMIT } from '@/lib/list-params';
import { listParamsOf } from '@/lib/list-search';
import type { UsersSearch } from './list-url';

export const USERS_SORT = 'email';

export const usersParams = (search: UsersSearch) => ({
  ...listParamsOf(search, USERS_SORT),
  status: search.status,
  userTypeId: search.type,
  organizationId: search.organization,
});

/** The one query factory of users: the screen's pages, and every user (whose personas are taken). */
export const userQueries = {
  all: () => ['users'] as const,
  page: (search: UsersSearch) =>
    queryOptions({
      queryKey: [...userQueries.all(), 'page', usersParams(search)],
      queryFn: async () =>
        (await api.get(apiPaths.users, { searchParams: definedParams(usersParams(search)) }).json<UserListResponse>()).data,
      placeholderData: keepPreviousData,
    }),
  everyone: () =>
    queryOptions({
      queryKey: [...userQueries.all(), 'everyone'],
      queryFn: async () => (await api.get(apiPaths.users, { searchParams: { limit: FETCH_LIMIT } }).json<UserListResponse>()).data.items,
    }),
};

export function useUserMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: userQueries.all() }),
      queryClient.invalidateQueries({ queryKey: auditQueries.all() }),
      // An invitation may make a persona.
      queryClient.invalidateQueries({ queryKey: ['catalogues', 'personas'] }),
    ]);
  return {
    invite: useMutation({
      mutationFn: async (body: InviteUser) => (await api.post(apiPaths.users, { json: body }).json<ItemEnvelope<AdminUser>>()).data,
      onSuccess,
    }),
    update: useMutation({
      mutationFn: async ({ id, changes }: { id: number; changes: UpdateUser }) =>
        (await api.patch(apiPaths.user(id), { json: changes }).json<ItemEnvelope<AdminUser>>()).data,
      onSuccess,
    }),
    resend: useMutation({ mutationFn: async (id: number) => void (await api.post(apiPaths.userInvitation(id))) }),
    passwordReset: useMutation({ mutationFn: async (id: number) => void (await api.post(apiPaths.userPasswordReset(id))) }),
    twoFactorReset: useMutation({
      mutationFn: async (id: number) => void (await api.post(apiPaths.userTwoFactorReset(id))),
      // The reset is in the user's history.
      onSuccess: () => queryClient.invalidateQueries({ queryKey: auditQueries.all() }),
    }),
  };
}
