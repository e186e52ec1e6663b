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

/** A page of a complaint list: the open ones (1, 2), or every status with `history`. */
export type ComplaintListParams = ListParams & ComplaintFilter & { history?: 'true' };

export const complaintQueries = {
  all: () => ['complaints'] as const,
  list: (params: ComplaintListParams) =>
    queryOptions({
      queryKey: [...complaintQueries.all(), 'list', params],
      queryFn: async () => (await api.get(apiPaths.complaints, { searchParams: { ...params } }).json<ComplaintListResponse>()).data,
      placeholderData: keepPreviousData,
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
      queryFn: async (): Promise<ComplaintFormOptions> =>
        (await api.get(apiPaths.complaintFormOptions).json<{ data: ComplaintFormOptions }>()).data,
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

export const useRegisterComplaint = () =>
  useComplaintMutation((body: ComplaintInput) => detailOf(api.post(apiPaths.complaints, { json: body }).json()));

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
