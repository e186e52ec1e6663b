import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type { CreateSavedViewRequest, SavedView, SavedViewListResponse, SavedViewResponse } from '@contract';
import { api } from '@/lib/api-client';

/** The caller's saved views of every list (their own and those shared with them): one fetch for the lists and the sidebar. */
export const savedViewQueries = {
  all: () => ['saved-views'] as const,
  list: () =>
    queryOptions({
      queryKey: savedViewQueries.all(),
      queryFn: async (): Promise<SavedView[]> => (await api.get(apiPaths.savedViews).json<SavedViewListResponse>()).data.items,
      staleTime: 60_000,
    }),
};

export const createSavedView = async (body: CreateSavedViewRequest) =>
  (await api.post(apiPaths.savedViews, { json: body }).json<SavedViewResponse>()).data;

export const deleteSavedView = async (id: number) => {
  await api.delete(apiPaths.savedView(id));
};
