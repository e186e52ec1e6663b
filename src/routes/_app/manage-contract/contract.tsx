import { createFileRoute } from '@tanstack/react-router';
import { contractsPage } from '@/features/contracts/api';
import { ContractsPage } from '@/features/contracts/contracts-page';
import { contractsSearch, type ContractsSearch } from '@/features/contracts/list-url';
import { nextSearch } from '@/lib/list-search';

export const Route = createFileRoute('/_app/manage-contract/contract')({
  validateSearch: contractsSearch,
  staticData: { title: 'routes.contract' },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(contractsPage(deps)),
  component: ContractsRoute,
});

function ContractsRoute() {
  const navigate = Route.useNavigate();
  return (
    <ContractsPage
      search={Route.useSearch()}
      onSearchChange={(change, options) =>
        void navigate({ search: (prev: ContractsSearch) => nextSearch(prev, change), replace: options?.replace })
      }
    />
  );
}
