import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '@/components/not-built-page';

export const Route = createFileRoute('/_app/manage-contract/contract')({
  staticData: { title: 'routes.contract' },
  component: NotBuiltPage,
});
