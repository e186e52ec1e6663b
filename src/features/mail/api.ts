import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type { ItemEnvelope, ListEnvelope, MailMessage } from '@contract';
import { api } from '@/lib/api-client';
import { definedParams } from '@/lib/list-params';
import type { MailSearch } from './list-url';

const paramsOf = (search: MailSearch) => ({
  page: search.page ?? 1,
  limit: search.size ?? 10,
  q: search.q,
  all: search.all ? 'true' : undefined,
  state: search.state,
});

/** The one query factory of the mailbox: a page of messages, and one message. */
export const mailQueries = {
  all: () => ['mail'] as const,
  page: (search: MailSearch) =>
    queryOptions({
      queryKey: [...mailQueries.all(), 'page', paramsOf(search)],
      queryFn: async () =>
        (await api.get(apiPaths.mail, { searchParams: definedParams(paramsOf(search)) }).json<ListEnvelope<MailMessage>>()).data,
      placeholderData: keepPreviousData,
    }),
  message: (id: number) =>
    queryOptions({
      queryKey: [...mailQueries.all(), 'message', id],
      queryFn: async () => (await api.get(apiPaths.mailMessage(id)).json<ItemEnvelope<MailMessage>>()).data,
    }),
};

/** Sends a refused message again; the lists and the message show its new state. */
export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.post(apiPaths.mailResend(id)).json<ItemEnvelope<MailMessage>>()).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailQueries.all() }),
  });
}
