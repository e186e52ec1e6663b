import { createFileRoute } from '@tanstack/react-router';
import { formulasPage } from '@/features/formulas/api';
import { FormulasPage } from '@/features/formulas/formulas-page';
import { formulasSearch, type FormulasSearch } from '@/features/formulas/list-url';
import { nextSearch } from '@/lib/list-search';

export const Route = createFileRoute('/_app/manage-contract/master-config')({
  validateSearch: formulasSearch,
  staticData: { title: 'routes.manageFormula' },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(formulasPage(deps)),
  component: FormulasRoute,
});

function FormulasRoute() {
  const navigate = Route.useNavigate();
  return (
    <FormulasPage
      search={Route.useSearch()}
      onSearchChange={(change, options) =>
        void navigate({ search: (prev: FormulasSearch) => nextSearch(prev, change), replace: options?.replace })
      }
    />
  );
}
