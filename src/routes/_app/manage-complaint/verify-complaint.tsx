import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { complaintQueries } from '@/features/complaints/api';
import { JustifyComplaintPage } from '@/features/complaints/justify-complaint-page';
import { positiveInt } from '@/lib/search-params';

export const Route = createFileRoute('/_app/manage-complaint/verify-complaint')({
  // `?complaint=<id>` opens that complaint's justify or verify dialog (a link from its detail).
  validateSearch: (search): { complaint?: number } => {
    const complaint = positiveInt(search.complaint);
    return complaint === undefined ? {} : { complaint };
  },
  staticData: { title: 'routes.justifyComplaint' },
  loader: ({ context }) => void context.queryClient.prefetchQuery(complaintQueries.openFirstPage()),
  component: JustifyComplaintRoute,
});

function JustifyComplaintRoute() {
  const { complaint } = Route.useSearch();
  const navigate = Route.useNavigate();
  // Stable, so the page's effect that follows the link runs once per link.
  const dropLink = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  return <JustifyComplaintPage openId={complaint} onLinkDone={dropLink} />;
}
