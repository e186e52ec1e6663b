import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { activitySearch, type ActivitySearch } from '@/features/activity/activity-search';
import { ActivityPage } from '@/features/activity/activity-page';
import { userQueries } from '@/features/users/api';
import { nextSearch } from '@/lib/list-search';

export const Route = createFileRoute('/_app/manage-user/activity')({
  validateSearch: activitySearch,
  staticData: { title: 'routes.activity' },
  component: ActivityRoute,
});

function ActivityRoute() {
  const navigate = Route.useNavigate();
  const users = useQuery(userQueries.everyone());
  return (
    <ActivityPage
      search={Route.useSearch()}
      actors={(users.data ?? []).map((u) => ({ value: String(u.id), label: u.email }))}
      onSearchChange={(change, options) =>
        void navigate({ search: (prev: ActivitySearch) => nextSearch(prev, change), replace: options?.replace })
      }
    />
  );
}
