import { createFileRoute } from '@tanstack/react-router';
import { dashboardQueries } from '@/features/dashboard/api';
import { DashboardPage } from '@/features/dashboard/dashboard-page';
import { dashboardSearch, periodOf } from '@/features/dashboard/list-url';

export const Route = createFileRoute('/_app/dashboard')({
  validateSearch: dashboardSearch,
  staticData: { title: 'routes.dashboard' },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(dashboardQueries.period(periodOf(deps))),
  component: DashboardRoute,
});

function DashboardRoute() {
  const navigate = Route.useNavigate();
  return <DashboardPage search={Route.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
}
