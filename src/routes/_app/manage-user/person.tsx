import { createFileRoute } from '@tanstack/react-router';
import { personasPage } from '@/features/personas/api';
import { personasSearch, type PersonasSearch } from '@/features/personas/list-url';
import { PersonasPage } from '@/features/personas/personas-page';
import { nextSearch } from '@/lib/list-search';

export const Route = createFileRoute('/_app/manage-user/person')({
  validateSearch: personasSearch,
  staticData: { title: 'routes.managePersona' },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(personasPage(deps)),
  component: PersonasRoute,
});

function PersonasRoute() {
  const navigate = Route.useNavigate();
  return (
    <PersonasPage
      search={Route.useSearch()}
      onSearchChange={(change, options) =>
        void navigate({ search: (prev: PersonasSearch) => nextSearch(prev, change), replace: options?.replace })
      }
    />
  );
}
