import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPaths } from '@contract/paths';
import type { ItemEnvelope, ListEnvelope } from '@contract';
import { api } from '@/lib/api-client';
import { auditQueries } from '@/lib/audit-queries';
import { definedParams, FETCH_LIMIT, type ListParams } from '@/lib/list-params';

/** The catalogues the administration screens keep (domain/catalogues.ts), by their API path. */
export type CatalogueKey =
  | 'account-types'
  | 'user-types'
  | 'positions'
  | 'zones'
  | 'organization-types'
  | 'organizations'
  | 'personas'
  | 'formulas'
  | 'contracts';

export type CatalogueParams = ListParams & Record<string, string | number | undefined>;

/** The one query factory of the catalogues, keyed from the catalogue to its pages and its whole list. */
export const catalogueQueries = {
  all: (key: CatalogueKey) => ['catalogues', key] as const,
  page: <T>(key: CatalogueKey, params: CatalogueParams) =>
    queryOptions({
      queryKey: [...catalogueQueries.all(key), 'page', params],
      queryFn: async () => (await api.get(apiPaths.catalogue(key), { searchParams: definedParams(params) }).json<ListEnvelope<T>>()).data,
      placeholderData: keepPreviousData,
    }),
  /** Every record, for the selects that offer them and the lists that name them. */
  everything: <T>(key: CatalogueKey) =>
    queryOptions({
      queryKey: [...catalogueQueries.all(key), 'everything'],
      queryFn: async () =>
        (await api.get(apiPaths.catalogue(key), { searchParams: { limit: FETCH_LIMIT } }).json<ListEnvelope<T>>()).data.items,
      staleTime: 60_000,
    }),
};

/** Create, change and delete records of a catalogue; each refreshes its lists and the audit trail. */
export function useCatalogueMutations<T, Input, Update>(key: CatalogueKey) {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogueQueries.all(key) }),
      queryClient.invalidateQueries({ queryKey: auditQueries.all() }),
    ]);
  const create = useMutation({
    mutationFn: async (body: Input) => (await api.post(apiPaths.catalogue(key), { json: body }).json<ItemEnvelope<T>>()).data,
    onSuccess,
  });
  const update = useMutation({
    mutationFn: async ({ id, changes }: { id: number; changes: Update }) =>
      (await api.patch(apiPaths.catalogueItem(key, id), { json: changes }).json<ItemEnvelope<T>>()).data,
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

interface Named {
  id: number;
  name?: string;
  fullName?: string;
  contractNo?: string;
  /** Absent where records have no active flag (contracts): all of them are offered. */
  active?: boolean;
}

/**
 * A catalogue as a select offers it: its active records, and the one a record already has
 * even when inactive (kept, not offered anew); and each record's name by id, for lists.
 */
export function useChoices(key: CatalogueKey) {
  const { t } = useTranslation();
  const query = useQuery(catalogueQueries.everything<Named>(key));
  return useMemo(() => {
    const rows = query.data ?? [];
    const label = (r: Named) => r.name ?? r.fullName ?? r.contractNo ?? String(r.id);
    const offered = (r: Named) => r.active !== false;
    const names = new Map(rows.map((r) => [r.id, label(r)]));
    return {
      loading: query.isPending,
      nameOf: (id: number | null | undefined) => (id == null ? null : (names.get(id) ?? null)),
      options: (current?: number | null) =>
        rows
          .filter((r) => offered(r) || r.id === current)
          .map((r) => ({ value: String(r.id), label: offered(r) ? label(r) : t('catalogue.inactiveChoice', { name: label(r) }) })),
    };
  }, [query.data, query.isPending, t]);
}
