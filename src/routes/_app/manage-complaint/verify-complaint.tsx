import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { complaintQueries } from '@/features/complaints/api';
import { JustifyComplaintPage } from '@/features/complaints/justify-complaint-page';
import { complaintListParams } from '@/features/complaints/list-search';
import { complaintListSearch } from '@/features/complaints/list-url';
import { nextSearch, type ComplaintListSearch } from '@/lib/list-search';
import { positiveInt } from '@/lib/search-params';

const listSearch = complaintListSearch(false);

export const Route = createFileRoute('/_app/manage-complaint/verify-complaint')({
  // The list's view, and `?complaint=<id>` to open that complaint's justify or verify dialog (a link from its detail).
  validateSearch: (search): ComplaintListSearch & { complaint?: number } => ({
    ...listSearch(search),
    complaint: positiveInt(search.complaint),
  }),
  staticData: { title: 'routes.justifyComplaint' },
  loaderDeps: ({ search: { complaint: _complaint, ...list } }) => list,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(complaintQueries.list(complaintListParams(deps, false))),
  component: JustifyComplaintRoute,
});

function JustifyComplaintRoute() {
  const { complaint, ...search } = Route.useSearch();
  const navigate = Route.useNavigate();
  // Stable, so the page's effect that follows the link runs once per link.
  const dropLink = useCallback(() => void navigate({ search: ({ complaint: _done, ...prev }) => prev, replace: true }), [navigate]);
  return (
    <JustifyComplaintPage
      openId={complaint}
      onLinkDone={dropLink}
      search={search}
      onSearchChange={(change, options) => void navigate({ search: (prev) => nextSearch(prev, change), replace: options?.replace })}
    />
  );
}
