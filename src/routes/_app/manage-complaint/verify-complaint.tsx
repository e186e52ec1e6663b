import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '@/components/not-built-page';

export const Route = createFileRoute('/_app/manage-complaint/verify-complaint')({
  staticData: { title: 'routes.justifyComplaint' },
  component: NotBuiltPage,
});
