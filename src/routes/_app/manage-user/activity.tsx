import { createFileRoute } from '@tanstack/react-router';
import { activitySearch, type ActivitySearch } from '@/features/activity/activity-search';
import { ActivityPage } from '@/features/activity/activity-page';
import { nextSearch } from '@/lib/list-search';

export const Route = createFileRoute('/_app/manage-user/activity')({
  validateSearch: activitySearch,
  staticData: { title: 'routes.activity' },
  component: ActivityRoute,
});

function ActivityRoute() {
  const navigate = Route.useNavigate();
  return (
    <ActivityPage
      search={Route.useSearch()}
      onSearchChange={(change, options) =>
        void navigate({ search: (prev: ActivitySearch) => nextSearch(prev, change), replace: options?.replace })
      }
    />
  );
}
