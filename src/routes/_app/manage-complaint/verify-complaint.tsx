import { createFileRoute } from '@tanstack/react-router';
import { complaintQueries } from '@/features/complaints/api';
import { VerifyComplaintPage } from '@/features/complaints/verify-complaint-page';

export const Route = createFileRoute('/_app/manage-complaint/verify-complaint')({
  staticData: { title: 'routes.justifyComplaint' },
  loader: ({ context }) => void context.queryClient.prefetchQuery(complaintQueries.openFirstPage()),
  component: VerifyComplaintPage,
});
