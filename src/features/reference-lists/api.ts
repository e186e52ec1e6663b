import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type { ItemEnvelope, Reference, ReferenceInput, ReferenceListKey, ReferenceListResponse, ReferenceUpdate } from '@contract';
import { api } from '@/lib/api-client';
import { auditQueries } from '@/lib/audit-queries';
import type { ListParams } from '@/lib/list-params';
import { listParamsOf, type CatalogueListSearch } from '@/lib/list-search';

/** The lists start in name order. */
export const REFERENCE_SORT = 'name';

type PageParams = ListParams & { active?: 'true' | 'false' };

/** The one query factory of the reference lists, keyed from the list to its pages. */
export const referenceListQueries = {
  all: (key: ReferenceListKey) => ['reference-lists', key] as const,
  page: (key: ReferenceListKey, params: PageParams) =>
    queryOptions({
      queryKey: [...referenceListQueries.all(key), 'page', params],
      queryFn: async () => {
        const searchParams = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Record<string, string | number>;
        return (await api.get(apiPaths.catalogue(key), { searchParams }).json<ReferenceListResponse>()).data;
      },
      placeholderData: keepPreviousData,
    }),
};

/** What a view asks the API for. */
export const referencePageParams = (search: CatalogueListSearch): PageParams => ({ ...listParamsOf(search, REFERENCE_SORT), ...(search.show ? { active: search.show === 'active' ? 'true' : 'false' } : {}) });

/** The page a view shows, for a route loader to fetch ahead. */
export const referenceListPage = (key: ReferenceListKey, search: CatalogueListSearch) => referenceListQueries.page(key, referencePageParams(search));

/** After a change: the list's pages, and the audit trail that now has one more event. */
function useRefresh(key: ReferenceListKey) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: referenceListQueries.all(key) }),
      queryClient.invalidateQueries({ queryKey: auditQueries.all() }),
    ]);
}

export function useReferenceMutations(key: ReferenceListKey) {
  const onSuccess = useRefresh(key);
  const create = useMutation({
    mutationFn: async (body: ReferenceInput) => (await api.post(apiPaths.catalogue(key), { json: body }).json<ItemEnvelope<Reference>>()).data,
    onSuccess,
  });
  const update = useMutation({
    mutationFn: async ({ id, changes }: { id: number; changes: ReferenceUpdate }) =>
      (await api.patch(apiPaths.catalogueItem(key, id), { json: changes }).json<ItemEnvelope<Reference>>()).data,
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: async (id: number) => {
      await api.delete(apiPaths.catalogueItem(key, id));
    },
    onSuccess,
  });
  return { create, update, remove };
}
