import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ComplaintEvidence, ComplaintEvidenceResponse } from '@contract/evidence';
import { apiPaths } from '@contract/paths';
import type {
  ComplaintDetail,
  ComplaintFilter,
  ComplaintFilterOptions,
  ComplaintFormOptions,
  ComplaintInput,
  ComplaintListResponse,
  ComplaintResponse,
  ComplaintUpdate,
  JustifyComplaintRequest,
  MyComplaintMove,
  MyComplaintMovesResponse,
  VerifyComplaintRequest,
} from '@contract';
import { api } from '@/lib/api-client';
import type { ListParams } from '@/lib/list-params';
import { OFFLINE_COPY_QUERY, withOfflineCopy } from './offline-copies';

/** History's first page, unfiltered, as last seen: what the field app shows with no network (issue 47). */
export const HISTORY_COPY = 'history-first-page';
export const FORM_OPTIONS_COPY = 'complaint-form-options';

/** Whether a list call is History's first page with no filter, in whatever order and size. */
const historyFirstPage = ({ page, limit: _limit, sort: _sort, history, ...rest }: ComplaintListParams) =>
  history === 'true' && page <= 1 && Object.values(rest).every((value) => value === undefined || value === '');

/** A page of a complaint list: the open ones (1, 2), or every status with `history`. */
export type ComplaintListParams = ListParams & ComplaintFilter & { history?: 'true' };

export const complaintQueries = {
  all: () => ['complaints'] as const,
  list: (params: ComplaintListParams) =>
    queryOptions({
      queryKey: [...complaintQueries.all(), 'list', params],
      queryFn: async () => {
        const fetchPage = async () =>
          (await api.get(apiPaths.complaints, { searchParams: { ...params } }).json<ComplaintListResponse>()).data;
        return historyFirstPage(params) ? withOfflineCopy(HISTORY_COPY, fetchPage) : fetchPage();
      },
      placeholderData: keepPreviousData,
      ...(historyFirstPage(params) ? OFFLINE_COPY_QUERY : {}),
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
        withOfflineCopy(
          FORM_OPTIONS_COPY,
          async () => (await api.get(apiPaths.complaintFormOptions).json<{ data: ComplaintFormOptions }>()).data,
        ),
      ...OFFLINE_COPY_QUERY,
    }),
};

/**
 * Every move changes lists, details and the bell: complaints are fetched again, and so are
 * the notifications the move sent (the bell's own key root).
 */
function useComplaintMutation<Variables>(call: (variables: Variables) => Promise<ComplaintDetail | null>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: complaintQueries.all() }),
        queryClient.invalidateQueries({ queryKey: ['notifications'] }),
      ]),
  });
}

const detailOf = async (response: Promise<ComplaintResponse>) => (await response).data;

/** `POST complaints` under an `Idempotency-Key` (issue 47): sent again after a lost answer, it registers once. */
export const useRegisterComplaint = () =>
  useComplaintMutation(({ body, key }: { body: ComplaintInput; key: string }) =>
    detailOf(api.post(apiPaths.complaints, { json: body, headers: { 'idempotency-key': key } }).json()),
  );

export const useUpdateComplaint = () =>
  useComplaintMutation(({ id, changes }: { id: number; changes: ComplaintUpdate }) =>
    detailOf(api.patch(apiPaths.complaint(id), { json: changes }).json()),
  );

export const useDeleteComplaint = () =>
  useComplaintMutation(async (id: number) => {
    await api.delete(apiPaths.complaint(id));
    return null;
  });

export const useJustifyComplaint = () =>
  useComplaintMutation(({ id, body }: { id: number; body: JustifyComplaintRequest }) =>
    detailOf(api.post(apiPaths.complaintJustify(id), { json: body }).json()),
  );

export const useVerifyComplaint = () =>
  useComplaintMutation(({ id, body }: { id: number; body: VerifyComplaintRequest }) =>
    detailOf(api.post(apiPaths.complaintVerify(id), { json: body }).json()),
  );
