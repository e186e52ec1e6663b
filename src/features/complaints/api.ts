import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ComplaintEvidence, ComplaintEvidenceResponse } from '@contract/evidence';
import { apiPaths } from '@contract/paths';
import type {
  ComplaintDetail,
  ComplaintFilter,
  ComplaintFilterOptions,
  ComplaintFormOptions,
  ComplaintListResponse,
  ComplaintResponse,
  MyComplaintMove,
  MyComplaintMovesResponse,
} from '@contract';
import { api } from '@/lib/api-client';
import type { ListParams } from '@/lib/list-params';

/** A page of a complaint list: the open ones (1, 2), or every status with `history`. */
export type ComplaintListParams = ListParams & ComplaintFilter & { history?: 'true' };

/**
 * Kept on the device for no network (issue 47; lib/offline-copies.ts, loaded when first needed):
 * the form's options, and History's first pages as last seen. Such a query is asked offline too.
 */
const kept = <T>(name: string, fetch: () => Promise<T>) => {
  // The call goes at once; the copies' code comes beside it, never before it (a round trip on Fast 3G).
  const answer = fetch();
  answer.catch(() => undefined);
  return import('@/lib/offline-copies').then(({ withOfflineCopy }) => withOfflineCopy(name, () => answer));
};
const KEPT = { networkMode: 'always' } as const;
export const FORM_OPTIONS_COPY = 'form-options';
/** The copy a History first page is kept under (its filters and order), or null for another list. */
export const historyCopyOf = (params: ComplaintListParams) =>
  params.history && params.page <= 1 ? `history:${JSON.stringify(params)}` : null;

export const complaintQueries = {
  all: () => ['complaints'] as const,
  list: (params: ComplaintListParams) =>
    queryOptions({
      queryKey: [...complaintQueries.all(), 'list', params],
      queryFn: () => {
        const fetchPage = async () =>
          (await api.get(apiPaths.complaints, { searchParams: { ...params } }).json<ComplaintListResponse>()).data;
        const copy = historyCopyOf(params);
        return copy ? kept(copy, fetchPage) : fetchPage();
      },
      placeholderData: keepPreviousData,
      ...(historyCopyOf(params) && KEPT),
    }),
  /** The caller's own latest moves (the side panel's timeline). */
  myMoves: () =>
    queryOptions({
      queryKey: [...complaintQueries.all(), 'my-moves'],
      queryFn: async (): Promise<MyComplaintMove[]> =>
        (await api.get(apiPaths.myComplaintMoves).json<MyComplaintMovesResponse>()).data.items,
    }),
  filterOptions: () =>
    queryOptions({
      queryKey: [...complaintQueries.all(), 'filter-options'],
      queryFn: async (): Promise<ComplaintFilterOptions> =>
        (await api.get(apiPaths.complaintFilterOptions).json<{ data: ComplaintFilterOptions }>()).data,
      staleTime: 5 * 60_000,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...complaintQueries.all(), 'detail', id],
      queryFn: async (): Promise<ComplaintDetail> => (await api.get(apiPaths.complaint(id)).json<ComplaintResponse>()).data,
    }),
  /** What the complaint's photos say (issue 35): asked beside the detail, never before it. */
  evidence: (id: number) =>
    queryOptions({
      queryKey: [...complaintQueries.all(), 'evidence', id],
      queryFn: async (): Promise<ComplaintEvidence> =>
        (await api.get(apiPaths.complaintEvidence(id)).json<ComplaintEvidenceResponse>()).data,
    }),
  formOptions: () =>
    queryOptions({
      queryKey: [...complaintQueries.all(), 'form-options'],
      queryFn: (): Promise<ComplaintFormOptions> =>
        kept(FORM_OPTIONS_COPY, async () => (await api.get(apiPaths.complaintFormOptions).json<{ data: ComplaintFormOptions }>()).data),
      ...KEPT,
    }),
};
