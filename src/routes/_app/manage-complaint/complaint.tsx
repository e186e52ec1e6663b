import { createFileRoute } from '@tanstack/react-router';
import { complaintQueries } from '@/features/complaints/api';
import { ComplaintPage } from '@/features/complaints/complaint-page';
import { complaintListParams } from '@/features/complaints/list-search';
import { complaintListSearch } from '@/features/complaints/list-url';
import { nextSearch } from '@/lib/list-search';

export const Route = createFileRoute('/_app/manage-complaint/complaint')({
  validateSearch: complaintListSearch(false),
  staticData: { title: 'routes.complaint' },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(complaintQueries.list(complaintListParams(deps, false))),
  component: ComplaintRoute,
});

function ComplaintRoute() {
  const navigate = Route.useNavigate();
  return (
    <ComplaintPage
      search={Route.useSearch()}
      onSearchChange={(change, options) => void navigate({ search: (prev) => nextSearch(prev, change), replace: options?.replace })}
    />
  );
}
