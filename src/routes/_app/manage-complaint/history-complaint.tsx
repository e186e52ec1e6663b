import { createFileRoute } from '@tanstack/react-router';
import { complaintQueries } from '@/features/complaints/api';
import { HistoryComplaintPage } from '@/features/complaints/history-complaint-page';
import { complaintListParams } from '@/features/complaints/list-search';
import { complaintListSearch } from '@/features/complaints/list-url';
import { nextSearch, type ComplaintListSearch } from '@/lib/list-search';
import { positiveInt } from '@/lib/search-params';

const listSearch = complaintListSearch(true);

export const Route = createFileRoute('/_app/manage-complaint/history-complaint')({
  // The list's view, and `?detail=<id>` for the complaint whose detail is open.
  validateSearch: (search): ComplaintListSearch & { detail?: number } => ({ ...listSearch(search), detail: positiveInt(search.detail) }),
  staticData: { title: 'routes.historyComplaint' },
  loaderDeps: ({ search: { detail: _detail, ...list } }) => list,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(complaintQueries.list(complaintListParams(deps, true))),
  component: HistoryComplaintRoute,
});

function HistoryComplaintRoute() {
  const { detail, ...search } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <HistoryComplaintPage
      search={search}
      onSearchChange={(change, options) => void navigate({ search: (prev) => nextSearch(prev, change), replace: options?.replace })}
      detailId={detail}
      onDetailChange={(id) =>
        void navigate({ search: ({ detail: _open, ...prev }) => (id === undefined ? prev : { ...prev, detail: id }) })
      }
    />
  );
}
