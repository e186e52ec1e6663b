import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type { TypeOfOffence, TypeOfOffenceInput, TypeOfOffenceListResponse, TypeOfOffenceUpdate } from '@contract';
import { api } from '@/lib/api-client';
import { listParams, type ListParams } from '@/lib/list-params';

type OffenceTypeResponse = { data: TypeOfOffence };

/**
 * `type-of-offences` is the root key of every offence type query, this screen's pages and
 * the complaint screens' 1000-row list alike, so one change refreshes them all.
 */
/** The list starts in name order. */
export const OFFENCE_TYPES_SORT = { columnAccessor: 'name', direction: 'asc' } as const;

export const offenceTypeQueries = {
  all: () => ['type-of-offences'] as const,
  page: (params: ListParams) =>
    queryOptions({
      queryKey: [...offenceTypeQueries.all(), 'page', params],
      queryFn: async () =>
        (await api.get(apiPaths.typeOfOffences, { searchParams: { ...params } }).json<TypeOfOffenceListResponse>()).data,
      placeholderData: keepPreviousData,
    }),
  /** The page the list shows first, for a route loader to fetch ahead. */
  firstPage: () => offenceTypeQueries.page(listParams(OFFENCE_TYPES_SORT)),
};

/** After a change: offence types everywhere, and complaints, which show the type's name. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: offenceTypeQueries.all() }),
      queryClient.invalidateQueries({ queryKey: ['complaints'] }),
    ]);
}

export function useCreateOffenceType() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: TypeOfOffenceInput) =>
      (await api.post(apiPaths.typeOfOffences, { json: body }).json<OffenceTypeResponse>()).data,
    onSuccess: refresh,
  });
}

export function useUpdateOffenceType() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: number; changes: TypeOfOffenceUpdate }) =>
      (await api.patch(apiPaths.typeOfOffence(id), { json: changes }).json<OffenceTypeResponse>()).data,
    onSuccess: refresh,
  });
}

export function useDeleteOffenceType() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(apiPaths.typeOfOffence(id));
    },
    onSuccess: refresh,
  });
}
