import { createFileRoute } from '@tanstack/react-router';
import { offenceTypesPage } from '@/features/offence-types/api';
import { offenceTypesSearch } from '@/features/offence-types/list-url';
import { OffenceTypesPage } from '@/features/offence-types/offence-types-page';
import { nextSearch } from '@/lib/list-search';

export const Route = createFileRoute('/_app/manage-complaint/type-of-offence')({
  validateSearch: offenceTypesSearch,
  staticData: { title: 'routes.typeOfOffence' },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(offenceTypesPage(deps)),
  component: OffenceTypesRoute,
});

function OffenceTypesRoute() {
  const navigate = Route.useNavigate();
  return (
    <OffenceTypesPage
      search={Route.useSearch()}
      onSearchChange={(change, options) => void navigate({ search: (prev) => nextSearch(prev, change), replace: options?.replace })}
    />
  );
}
