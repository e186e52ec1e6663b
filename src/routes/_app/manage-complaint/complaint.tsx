import { createFileRoute } from '@tanstack/react-router';
import { complaintQueries } from '@/features/complaints/api';
import { ComplaintPage } from '@/features/complaints/complaint-page';

export const Route = createFileRoute('/_app/manage-complaint/complaint')({
  staticData: { title: 'routes.complaint' },
  loader: ({ context }) => void context.queryClient.prefetchQuery(complaintQueries.openFirstPage()),
  component: ComplaintPage,
});
