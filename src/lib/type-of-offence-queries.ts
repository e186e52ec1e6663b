import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type { TypeOfOffenceListResponse } from '@contract';
import { api } from '@/lib/api-client';
import { FETCH_LIMIT, type ListParams } from '@/lib/list-params';

/**
 * The one query factory of types of offence. `type-of-offences` is the root key of every
 * one of them, the Type of Offence screen's pages and the complaint screens' whole list
 * alike, so one change refreshes them all.
 */
export const typeOfOffenceQueries = {
  all: () => ['type-of-offences'] as const,
  /** One page of the Type of Offence screen. */
  page: (params: ListParams) =>
    queryOptions({
      queryKey: [...typeOfOffenceQueries.all(), 'page', params],
      queryFn: async () => (await api.get(apiPaths.typeOfOffences, { searchParams: { ...params } }).json<TypeOfOffenceListResponse>()).data,
      placeholderData: keepPreviousData,
    }),
  /** Every type, for the complaint screens to name a complaint's type by its id. */
  list: () =>
    queryOptions({
      queryKey: [...typeOfOffenceQueries.all(), 'list', { limit: FETCH_LIMIT }],
      queryFn: async () =>
        (await api.get(apiPaths.typeOfOffences, { searchParams: { limit: FETCH_LIMIT } }).json<TypeOfOffenceListResponse>()).data.items,
      staleTime: 5 * 60_000,
    }),
};
