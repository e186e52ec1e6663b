import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '@/components/not-built-page';

export const Route = createFileRoute('/_app/manage-complaint/claim-record')({
  staticData: { title: 'routes.claimRecord' },
  component: NotBuiltPage,
});
