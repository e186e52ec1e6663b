import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type { Dashboard, ItemEnvelope } from '@contract';
import { api } from '@/lib/api-client';
import { dashboardParams, type Period } from './list-url';

/** The one query factory of the dashboard: a period's figures. */
export const dashboardQueries = {
  all: () => ['dashboard'] as const,
  period: (period: Period) =>
    queryOptions({
      queryKey: [...dashboardQueries.all(), period],
      queryFn: async () =>
        (await api.get(apiPaths.dashboard, { searchParams: dashboardParams(period) }).json<ItemEnvelope<Dashboard>>()).data,
      // A new period keeps the old figures in sight, dimmed, until its own arrive.
      placeholderData: keepPreviousData,
    }),
};
