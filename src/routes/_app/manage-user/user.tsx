import { createFileRoute } from '@tanstack/react-router';
import { userQueries } from '@/features/users/api';
import { usersSearch, type UsersSearch } from '@/features/users/list-url';
import { UsersPage } from '@/features/users/users-page';
import { nextSearch } from '@/lib/list-search';

export const Route = createFileRoute('/_app/manage-user/user')({
  validateSearch: usersSearch,
  staticData: { title: 'routes.users' },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(userQueries.page(deps)),
  component: UsersRoute,
});

function UsersRoute() {
  const navigate = Route.useNavigate();
  return (
    <UsersPage
      search={Route.useSearch()}
      onSearchChange={(change, options) =>
        void navigate({ search: (prev: UsersSearch) => nextSearch(prev, change), replace: options?.replace })
      }
    />
  );
}
