import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type {
  ComplaintDetail,
  ComplaintInput,
  ComplaintResponse,
  ComplaintUpdate,
  JustifyComplaintRequest,
  VerifyComplaintRequest,
} from '@contract';
import { api } from '@/lib/api-client';
import { complaintQueries } from './api';

/*
 * The moves of a complaint, apart from its queries: the queries' module is in every page's
 * start-up code (the routes' loaders ask it), the moves come with the dialogs that make them.
 */

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
