import { createFileRoute } from '@tanstack/react-router';
import { complaintQueries } from '@/features/complaints/api';
import { HistoryComplaintPage } from '@/features/complaints/history-complaint-page';
import { positiveInt } from '@/lib/search-params';

export const Route = createFileRoute('/_app/manage-complaint/history-complaint')({
  validateSearch: (search): { detail?: number } => {
    const detail = positiveInt(search.detail);
    return detail === undefined ? {} : { detail };
  },
  staticData: { title: 'routes.historyComplaint' },
  loader: ({ context }) => void context.queryClient.prefetchQuery(complaintQueries.history()),
  component: HistoryComplaintRoute,
});

function HistoryComplaintRoute() {
  const { detail } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <HistoryComplaintPage
      detailId={detail}
      onDetailChange={(id) => void navigate({ search: id === undefined ? {} : { detail: id } })}
    />
  );
}
