import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type { AuditEntity, AuditEvent, ListEnvelope } from '@contract';
import { api } from '@/lib/api-client';

export interface AuditParams {
  page: number;
  limit: number;
  entity?: AuditEntity;
  entityId?: string;
  actorId?: number;
  /** Instants with their offset; `to` exclusive. */
  from?: string;
  to?: string;
}

/** The one query factory of the audit trail: the Activity page and each record's History tab. */
export const auditQueries = {
  all: () => ['audit-events'] as const,
  page: (params: AuditParams) =>
    queryOptions({
      queryKey: [...auditQueries.all(), params],
      queryFn: async () => {
        const searchParams = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Record<
          string,
          string | number
        >;
        return (await api.get(apiPaths.auditEvents, { searchParams }).json<ListEnvelope<AuditEvent>>()).data;
      },
      placeholderData: keepPreviousData,
    }),
};
