import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type { Complaint, ComplaintListResponse, ComplaintResponse, TypeOfOffenceListResponse } from '@contract';
import { api } from '@/lib/api-client';

/** SPEC §9: complaints and offence types are fetched 1000 at a time. */
export const FETCH_LIMIT = 1000;

export const complaintQueries = {
  all: () => ['complaints'] as const,
  history: () =>
    queryOptions({
      queryKey: [...complaintQueries.all(), 'list', { history: true, limit: FETCH_LIMIT }],
      queryFn: async (): Promise<Complaint[]> => {
        const body = await api
          .get(apiPaths.complaints, { searchParams: { history: 'true', limit: FETCH_LIMIT } })
          .json<ComplaintListResponse>();
        return body.data.items;
      },
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...complaintQueries.all(), 'detail', id],
      queryFn: async (): Promise<Complaint> =>
        (await api.get(apiPaths.complaint(id)).json<ComplaintResponse>()).data,
    }),
};

export const typeOfOffenceQueries = {
  all: () => ['type-of-offences'] as const,
  list: () =>
    queryOptions({
      queryKey: [...typeOfOffenceQueries.all(), 'list', { limit: FETCH_LIMIT }],
      queryFn: async () => {
        const body = await api
          .get(apiPaths.typeOfOffences, { searchParams: { limit: FETCH_LIMIT } })
          .json<TypeOfOffenceListResponse>();
        return body.data.items;
      },
      staleTime: 5 * 60_000,
    }),
};
