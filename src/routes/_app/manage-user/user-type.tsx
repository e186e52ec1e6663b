import { createFileRoute } from '@tanstack/react-router';
import { referenceListPage } from '@/features/reference-lists/api';
import { referenceListSearch } from '@/features/reference-lists/list-url';
import { ReferenceListPage } from '@/features/reference-lists/reference-list-page';
import { nextSearch } from '@/lib/list-search';

export const Route = createFileRoute('/_app/manage-user/user-type')({
  validateSearch: referenceListSearch,
  staticData: { title: 'routes.userType' },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(referenceListPage('user-types', deps)),
  component: UserTypesRoute,
});

function UserTypesRoute() {
  const navigate = Route.useNavigate();
  return (
    <ReferenceListPage
      listKey="user-types"
      search={Route.useSearch()}
      onSearchChange={(change, options) => void navigate({ search: (prev) => nextSearch(prev, change), replace: options?.replace })}
    />
  );
}
