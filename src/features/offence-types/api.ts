import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type { TypeOfOffence, TypeOfOffenceInput, TypeOfOffenceUpdate } from '@contract';
import { api } from '@/lib/api-client';
import { listParamsOf, type ListSearch } from '@/lib/list-search';
import { typeOfOffenceQueries } from '@/lib/type-of-offence-queries';

type OffenceTypeResponse = { data: TypeOfOffence };

/** The list starts in name order. */
export const OFFENCE_TYPES_SORT = 'name';

/** The page a view shows, for a route loader to fetch ahead. */
export const offenceTypesPage = (search: ListSearch) => typeOfOffenceQueries.page(listParamsOf(search, OFFENCE_TYPES_SORT));

/** After a change: offence types everywhere, and complaints, which show the type's name. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: typeOfOffenceQueries.all() }),
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
