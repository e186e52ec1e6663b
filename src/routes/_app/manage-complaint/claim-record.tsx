import { createFileRoute } from '@tanstack/react-router';
import { claimQueries } from '@/features/claims/api';
import { ClaimsPage } from '@/features/claims/claims-page';
import { claimsSearch, type ClaimsSearch } from '@/features/claims/list-url';
import { nextSearch } from '@/lib/list-search';

export const Route = createFileRoute('/_app/manage-complaint/claim-record')({
  validateSearch: claimsSearch,
  staticData: { title: 'routes.claimRecord' },
  loaderDeps: ({ search: { open: _open, ...list } }) => list,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(claimQueries.page(deps)),
  component: ClaimsRoute,
});

function ClaimsRoute() {
  const navigate = Route.useNavigate();
  return (
    <ClaimsPage
      search={Route.useSearch()}
      onSearchChange={(change, options) =>
        void navigate({ search: (prev: ClaimsSearch) => nextSearch(prev, change), replace: options?.replace })
      }
    />
  );
}
