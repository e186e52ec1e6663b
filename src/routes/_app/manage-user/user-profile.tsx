import { createFileRoute } from '@tanstack/react-router';
import { organizationsPage } from '@/features/organizations/api';
import { organizationsSearch, type OrganizationsSearch } from '@/features/organizations/list-url';
import { OrganizationsPage } from '@/features/organizations/organizations-page';
import { nextSearch } from '@/lib/list-search';

export const Route = createFileRoute('/_app/manage-user/user-profile')({
  validateSearch: organizationsSearch,
  staticData: { title: 'routes.manageOrganization' },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(organizationsPage(deps)),
  component: OrganizationsRoute,
});

function OrganizationsRoute() {
  const navigate = Route.useNavigate();
  return (
    <OrganizationsPage
      search={Route.useSearch()}
      onSearchChange={(change, options) =>
        void navigate({ search: (prev: OrganizationsSearch) => nextSearch(prev, change), replace: options?.replace })
      }
    />
  );
}
