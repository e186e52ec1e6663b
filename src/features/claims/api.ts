import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { CLAIM_FIRST_SORT, type ClaimStatus } from '@contract/claim-record-fields';
import { apiPaths } from '@contract/paths';
import type { ClaimRecord, ClaimRecordCreate, ClaimRecordDetail, ClaimRecordPay, ItemEnvelope, ListEnvelope } from '@contract';
import { api } from '@/lib/api-client';
import { auditQueries } from '@/lib/audit-queries';
import { definedParams, FETCH_LIMIT } from '@/lib/list-params';
import { listParamsOf } from '@/lib/list-search';
import type { ClaimsSearch } from './list-url';

/** Unsorted, the API lists the newest month first. */
export const CLAIMS_SORT = `${CLAIM_FIRST_SORT.descending ? '-' : ''}${CLAIM_FIRST_SORT.field}`;

export const claimsParams = (search: ClaimsSearch) => ({
  ...listParamsOf(search, CLAIMS_SORT),
  status: search.status,
  contractId: search.contract,
  month: search.month,
  from: search.from,
  to: search.to,
});

/** The one query factory of claim records: the screen's pages and one record with its lines. */
export const claimQueries = {
  all: () => ['claim-records'] as const,
  page: (search: ClaimsSearch) =>
    queryOptions({
      queryKey: [...claimQueries.all(), 'page', claimsParams(search)],
      queryFn: async () =>
        (await api.get(apiPaths.claimRecords, { searchParams: definedParams(claimsParams(search)) }).json<ListEnvelope<ClaimRecord>>())
          .data,
      placeholderData: keepPreviousData,
    }),
  /** Every record of a status, newest month first, read a thousand at a time (the invoice list). */
  every: (status: ClaimStatus) =>
    queryOptions({
      queryKey: [...claimQueries.all(), 'every', status],
      queryFn: async () => {
        const records: ClaimRecord[] = [];
        for (let page = 1; ; page += 1) {
          const { items, pagination } = (
            await api
              .get(apiPaths.claimRecords, { searchParams: { status, page, limit: FETCH_LIMIT, sort: CLAIMS_SORT } })
              .json<ListEnvelope<ClaimRecord>>()
          ).data;
          records.push(...items);
          if (page >= pagination.totalPage) return records;
        }
      },
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...claimQueries.all(), 'detail', id],
      queryFn: async () => (await api.get(apiPaths.claimRecord(id)).json<ItemEnvelope<ClaimRecordDetail>>()).data,
    }),
};

/** Generate, refresh, issue, pay and delete; each refreshes the lists, the record and the audit trail. */
export function useClaimMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: claimQueries.all() }),
      queryClient.invalidateQueries({ queryKey: auditQueries.all() }),
    ]);
  return {
    generate: useMutation({
      mutationFn: async (body: ClaimRecordCreate) =>
        (await api.post(apiPaths.claimRecords, { json: body }).json<ItemEnvelope<ClaimRecordDetail>>()).data,
      onSuccess,
    }),
    refresh: useClaimMove('refresh', onSuccess),
    issue: useClaimMove('issue', onSuccess),
    pay: useMutation({
      mutationFn: async ({ id, payment }: { id: number; payment: ClaimRecordPay }) =>
        (await api.post(apiPaths.claimRecordMove(id, 'pay'), { json: payment }).json<ItemEnvelope<ClaimRecordDetail>>()).data,
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: async (id: number) => {
        await api.delete(apiPaths.claimRecord(id));
      },
      onSuccess,
    }),
  };
}

function useClaimMove(move: 'refresh' | 'issue', onSuccess: () => Promise<unknown>) {
  return useMutation({
    mutationFn: async (id: number) => (await api.post(apiPaths.claimRecordMove(id, move)).json<ItemEnvelope<ClaimRecordDetail>>()).data,
    onSuccess,
  });
}
